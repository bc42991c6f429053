import type { ScanProfile } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { useSession } from '@/lib/session.ts';
import { SCAN_PROFILES_KEY, scanProfilesQuery } from '@/lib/scan-profiles-query.ts';
import { createScanProfile, saveScanProfile } from '../api/scan-profiles.ts';
import { ADDITIONAL_CHECK_LABELS, activeCount, draftOf, setAdditional, setCategory, setDetail } from '../profile-draft.ts';
import '@/lib/page-kit/profile-panel.css';
import '../scan-profiles.css';

function Switch({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(on: boolean): void; hint?: string }) {
  return (
    <label className="switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch__text">
        {label}
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );
}

function ProfileEditor({ profile, onSaved }: { profile: ScanProfile; onSaved(saved: ScanProfile): void }) {
  const [draft, setDraft] = useState(profile);
  const [busy, setBusy] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(profile);

  async function run(save: () => Promise<ScanProfile>, message: string) {
    setBusy(true);
    try {
      onSaved(await save());
      void showToast('success', message);
    } catch (error) {
      void showToast('error', answerMessage(error, 'name'));
    } finally {
      setBusy(false);
    }
  }

  // A new profile keeps a name typed for it; left unchanged, the name gets ' copy' so the two differ.
  const newName = draft.name.trim() === profile.name ? `${profile.name} copy`.slice(0, 100) : draft.name.trim();
  return (
    <div className="template-editor">
      <div className="template-editor__meta">
        <label className="pk-field">
          <span>Profile name</span>
          <input value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <Switch
          label="Default profile"
          hint="Used for scans unless you pick another."
          checked={draft.is_default}
          onChange={(on) => setDraft({ ...draft, is_default: on })}
        />
        <Switch
          label="Count zero values"
          hint="Let checks that found nothing (score 0) pull the overall score down."
          checked={draft.count_zero_values}
          onChange={(on) => setDraft({ ...draft, count_zero_values: on })}
        />
      </div>

      <h3>Additional checks</h3>
      <div className="template-editor__additional">
        {draft.additional_checks.map((a) => (
          <Switch
            key={a.code}
            label={ADDITIONAL_CHECK_LABELS[a.code]}
            checked={a.is_active}
            onChange={(on) => setDraft(setAdditional(draft, a.code, on))}
          />
        ))}
      </div>

      <h3>Checks</h3>
      <div className="template-editor__categories">
        {draft.checks.map((category) => {
          const active = activeCount(category.details);
          return (
            <details key={category.category} className="template-category" open>
              <summary>
                <span className="template-category__name">{category.category}</span>
                <span className="template-category__count">
                  {active} of {category.details.length} on
                </span>
              </summary>
              <div className="template-category__bulk">
                <button type="button" className="profile-link-button" onClick={() => setDraft(setCategory(draft, category.category, true))}>
                  All on
                </button>
                <button
                  type="button"
                  className="profile-link-button"
                  onClick={() => setDraft(setCategory(draft, category.category, false))}
                >
                  All off
                </button>
              </div>
              <div className="template-category__details">
                {category.details.map((d) => (
                  <Switch
                    key={d.name}
                    label={d.title}
                    checked={d.is_active}
                    onChange={(on) => setDraft(setDetail(draft, category.category, d.name, on))}
                  />
                ))}
              </div>
            </details>
          );
        })}
      </div>

      <div className="template-editor__actions">
        <button
          type="button"
          className="pk-button"
          disabled={busy || !changed || !draft.name.trim()}
          onClick={() => void run(() => saveScanProfile(profile.uid, draftOf(draft)), 'Scan profile saved')}
        >
          {busy ? 'Please Wait...' : 'Save profile'}
        </button>
        <button type="button" className="pk-button pk-button--ghost" disabled={busy} onClick={() => setDraft(profile)}>
          Discard changes
        </button>
        <button
          type="button"
          className="pk-button pk-button--ghost"
          disabled={busy || !draft.name.trim()}
          onClick={() => void run(() => createScanProfile({ ...draftOf(draft), name: newName, is_default: false }), 'Scan profile created')}
        >
          Save as new profile
        </button>
      </div>
    </div>
  );
}

/** /profile/currenttemplate: the scan profiles that decide which checks run and how they score. */
export function CurrentTemplateSection() {
  const queryClient = useQueryClient();
  const userUid = useSession((state) => state.user?.uid);
  const profiles = useQuery(scanProfilesQuery(userUid));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = profiles.data ?? [];
  const selected = list.find((p) => p.uid === chosen) ?? list.find((p) => p.is_default) ?? list[0];

  function saved(profile: ScanProfile) {
    setChosen(profile.uid);
    void queryClient.invalidateQueries({ queryKey: [SCAN_PROFILES_KEY] });
  }

  return (
    <section className="profile-panel pk-card" aria-labelledby="template-title">
      <h2 id="template-title">Current template</h2>
      <p className="pk-hint">A scan profile decides which checks run on your scans and how their scores count.</p>
      {profiles.isPending ? (
        <Skeleton lines={6} label="Loading scan profiles" />
      ) : profiles.isError || !selected ? (
        <p className="pk-error">{profiles.isError ? answerMessage(profiles.error) : 'No scan profiles yet.'}</p>
      ) : (
        <>
          <div className="template-picker" role="tablist" aria-label="Scan profiles">
            {list.map((p) => (
              <button key={p.uid} type="button" role="tab" aria-selected={p.uid === selected.uid} onClick={() => setChosen(p.uid)}>
                {p.name}
                {p.is_default && <span className="template-picker__default">default</span>}
              </button>
            ))}
          </div>
          <ProfileEditor key={`${selected.uid}-${profiles.dataUpdatedAt}`} profile={selected} onSaved={saved} />
        </>
      )}
    </section>
  );
}
