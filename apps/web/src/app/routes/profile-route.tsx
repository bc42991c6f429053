import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import '@/lib/page-kit/page-kit.css';
import { canOpenProfile, useSession } from '@/lib/session.ts';
import { ProfileNav } from '@/features/profile/components/profile-nav.tsx';
import { PROFILE_SECTIONS, type ProfileSectionId, sectionOf } from '@/features/profile/profile-sections.ts';
import { ChangeEmailSection } from '@/features/profile/sections/change-email-section.tsx';
import { ChangePasswordSection } from '@/features/profile/sections/change-password-section.tsx';
import { CurrentTemplateSection } from '@/features/scan-profiles/components/current-template-section.tsx';
import { DomainMonitoringSection } from '@/features/monitoring/components/domain-monitoring-section.tsx';
import { EmailChangeConfirm } from '@/features/profile/sections/email-change-confirm.tsx';
import { LicenseDetailsSection } from '@/features/profile/sections/license-details-section.tsx';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel.tsx';
import { ScanHistorySection } from '@/features/scan-history/components/scan-history-section.tsx';
import '@/features/profile/profile.css';

// Loaded when opened: most profile visits never triage a message.
const TriageSection = lazy(() => import('@/features/triage/components/triage-section.tsx'));
const HuntSection = lazy(() => import('@/features/triage/components/hunt-section.tsx'));
const FeedsSection = lazy(() => import('@/features/feeds/components/feeds-section.tsx'));

const SCREENS: Record<ProfileSectionId, () => React.JSX.Element> = {
  license_details: () => <LicenseDetailsSection apiKeys={(allowed) => <ApiKeysPanel allowed={allowed} />} />,
  scan_history: ScanHistorySection,
  currenttemplate: CurrentTemplateSection,
  monitoring: DomainMonitoringSection,
  change_password: ChangePasswordSection,
  change_email: ChangeEmailSection,
  triage: () => (
    <Suspense fallback={<p>Loading…</p>}>
      <TriageSection />
    </Suspense>
  ),
  log_hunt: () => (
    <Suspense fallback={<p>Loading…</p>}>
      <HuntSection />
    </Suspense>
  ),
  feeds: () => (
    <Suspense fallback={<p>Loading…</p>}>
      <FeedsSection />
    </Suspense>
  ),
};

/**
 * /profile and /profile/{id}: the member's screens, each from its own feature (account and plan,
 * scan history, scan profiles, monitoring, triage, API keys), composed here.
 * Members only; guests and the shared free-token account sign in first (SPEC §2).
 */
export default function ProfileRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const user = useSession((s) => s.user);
  const [allowedOnEntry] = useState(() => canOpenProfile(useSession.getState().user));
  const emailToken = id === 'change_email' ? search.get('token') : null;
  if (emailToken && !allowedOnEntry) {
    return (
      <div className="pk-page profile">
        <EmailChangeConfirm token={emailToken} />
      </div>
    );
  }
  if (!allowedOnEntry) return <Navigate to="/signin" replace />;
  // Signed out while here (log out, expiry): whoever ended the session decides where to go next.
  if (!canOpenProfile(user)) return null;
  const active = sectionOf(id);
  const Screen = SCREENS[active];
  return (
    <div className="pk-page profile">
      <header className="profile__head">
        <h1>Profile</h1>
        <p className="pk-lead">{PROFILE_SECTIONS.find((s) => s.id === active)?.label}</p>
      </header>
      <div className="profile__layout">
        <ProfileNav active={active} />
        <div className="profile__main">{emailToken ? <EmailChangeConfirm token={emailToken} /> : <Screen />}</div>
      </div>
    </div>
  );
}
