import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import '@/lib/page-kit/page-kit.css';
import { canOpenProfile, useSession } from '@/lib/session.ts';
import { ProfileNav } from '../components/profile-nav.tsx';
import { PROFILE_SECTIONS, type ProfileSectionId, sectionOf } from '../profile-sections.ts';
import { ChangeEmailSection } from '../sections/change-email-section.tsx';
import { ChangePasswordSection } from '../sections/change-password-section.tsx';
import { CurrentTemplateSection } from '../sections/current-template-section.tsx';
import { DomainMonitoringSection } from '../sections/domain-monitoring-section.tsx';
import { EmailChangeConfirm } from '../sections/email-change-confirm.tsx';
import { LicenseDetailsSection } from '../sections/license-details-section.tsx';
import { ScanHistorySection } from '../sections/scan-history-section.tsx';
import '../profile.css';

const SCREENS: Record<ProfileSectionId, () => React.JSX.Element> = {
  license_details: LicenseDetailsSection,
  scan_history: ScanHistorySection,
  currenttemplate: CurrentTemplateSection,
  monitoring: DomainMonitoringSection,
  change_password: ChangePasswordSection,
  change_email: ChangeEmailSection,
};

/** /profile and /profile/{id}: members only; guests and the shared free-token account sign in first (SPEC §2). */
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
