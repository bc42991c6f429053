import { type ScanProfile, viewersParam } from '@riskscan/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from '@/components/ui/flag.tsx';
import { showToast } from '@/lib/toast.ts';
import { useSession } from '@/lib/session.ts';
import { scanProfilesQuery } from '@/lib/scan-profiles-query.ts';
import { useScanOptions } from '../api/scan-options.ts';
import { SCAN_MESSAGES } from '../model/scan-constants.ts';
import {
  allChecksOn,
  applyProfile,
  CHECK_TOGGLES,
  EMPTY_FORM,
  normaliseScanUrl,
  type ScanForm,
  toggleAllChecks,
  withOwnProfile,
  withoutProfile,
  withScanProfile,
} from '../model/scan-form.ts';
import { forgetProfile, rememberProfile, rememberedProfile } from '../model/scan-storage.ts';
import './scan-url-form.css';

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="toggle">
      <input type="checkbox" role="switch" checked={checked} onChange={onChange} />
      <span className="toggle__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

/** The three option selects, each only when its list loaded (SPEC §2). */
function ScanOptionsPanel({ form, setForm }: { form: ScanForm; setForm: (form: ScanForm) => void }) {
  const userUid = useSession((state) => state.user?.uid);
  const options = useScanOptions(userUid);
  const profiles = useQuery(scanProfilesQuery(userUid));
  const ids = { country: useId(), agent: useId(), profile: useId(), viewers: useId() };
  const proxies = options.data?.proxies ?? [];
  const agents = options.data?.user_agents ?? [];
  const profileList: ScanProfile[] = profiles.data ?? [];
  const country = proxies.find((p) => p.code === form.proxy);

  function chooseProfile(uid: string) {
    const profile = profileList.find((p) => p.uid === uid);
    if (!profile) {
      setForm(withoutProfile(form));
      return;
    }
    rememberProfile(localStorage, profile.uid);
    setForm(applyProfile(form, profile));
  }

  const optional = (value: string) => (value === '' ? undefined : value);

  return (
    <div className="scan-options" id="scan-options">
      {proxies.length > 0 ? (
        <div className="field">
          <label htmlFor={ids.country}>Country Selection</label>
          <div className="select-with-flag">
            {country ? <Flag code={country.icon || country.code} /> : null}
            <select id={ids.country} value={form.proxy ?? ''} onChange={(e) => setForm({ ...form, proxy: optional(e.target.value) })}>
              <option value="">Country the URL will be scanned from</option>
              {proxies.map((proxy) => (
                <option key={proxy.code} value={proxy.code}>
                  {proxy.name} ({proxy.code})
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {agents.length > 0 ? (
        <div className="field">
          <label htmlFor={ids.agent}>User Agent</label>
          <select
            id={ids.agent}
            value={form.user_agent ?? ''}
            title={agents.flatMap((group) => group.items).find((item) => item.code === form.user_agent)?.value}
            onChange={(e) => setForm({ ...form, user_agent: optional(e.target.value) })}
          >
            <option value="">Select user agent</option>
            {agents.map((group) => (
              <optgroup key={group.device} label={group.device}>
                {group.items.map((item) => (
                  <option key={item.code} value={item.code} title={item.value}>
                    {item.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={ids.viewers}>Compare with another viewer</label>
        <select
          id={ids.viewers}
          value={form.viewers ?? ''}
          aria-describedby={`${ids.viewers}-hint`}
          onChange={(e) => setForm({ ...form, viewers: optional(e.target.value) })}
        >
          <option value="">No other viewer</option>
          <option value={viewersParam([{ device: 'phone', country: null }])}>A phone</option>
          {proxies.flatMap((proxy) => [
            <option key={`desktop-${proxy.code}`} value={viewersParam([{ device: 'desktop', country: proxy.code }])}>
              A desktop in {proxy.name}
            </option>,
            <option key={`phone-${proxy.code}`} value={viewersParam([{ device: 'phone', country: proxy.code }])}>
              A phone in {proxy.name}
            </option>,
          ])}
        </select>
        <small id={`${ids.viewers}-hint`} className="field__hint">
          The report shows both side by side and what differs. Counts as two scans.
        </small>
      </div>
      {profileList.length > 0 ? (
        <div className="field">
          <label htmlFor={ids.profile}>Scan Profile</label>
          <select id={ids.profile} value={form.scan_profile ?? ''} onChange={(e) => chooseProfile(e.target.value)}>
            <option value="">Select scan profile</option>
            {profileList.map((profile) => (
              <option key={profile.uid} value={profile.uid}>
                {profile.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

/** Guests scan without the registered users' options (SPEC §6). */
function guestForm({ url, schemeAdded, webtech_check, dns_checks, ip_checks, page_checks }: ScanForm): ScanForm {
  return { url, schemeAdded, private: false, webtech_check, dns_checks, ip_checks, page_checks };
}

export type ScanUrlFormProps = {
  loggedIn: boolean;
  onScan: (form: ScanForm) => void;
  /** The form of a scan that failed, shown again as it was. */
  initialForm?: ScanForm;
  /** Why that scan failed, shown under the URL box. */
  failure?: string;
};

function withoutRescan({ new: _rescan, ...form }: ScanForm): ScanForm {
  return form;
}

/** URL box, Check button, the six toggles and the Options for signed-in users (SPEC §2, §5). */
export function ScanUrlForm({ loggedIn, onScan, initialForm, failure }: ScanUrlFormProps) {
  const [form, setForm] = useState<ScanForm>(() => {
    if (initialForm) return withoutRescan(initialForm);
    const profile = rememberedProfile(localStorage);
    return profile ? { ...EMPTY_FORM, scan_profile: profile } : EMPTY_FORM;
  });
  const [error, setError] = useState<string | null>(failure ?? null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const urlId = useId();
  const host = window.location.host;
  const queryClient = useQueryClient();
  const userUid = useSession((state) => state.user?.uid);
  const profiles = useQuery({ ...scanProfilesQuery(userUid), enabled: loggedIn });
  // True once the member chose for themselves (or the form came back from a failed scan): the
  // profile's toggles never overwrite a choice.
  const chosen = useRef(Boolean(initialForm));
  const choose = (next: ScanForm) => {
    chosen.current = true;
    setForm(next);
  };

  // A member's form starts as the profile a scan will use (remembered, else default) sets it, so
  // the toggles show what a home scan really runs (issue 37).
  useEffect(() => {
    if (chosen.current || !profiles.data) return;
    const list = profiles.data;
    setForm((current) => withScanProfile(current, list));
  }, [profiles.data]);

  /**
   * The member's form as it goes out: a remembered profile that is not theirs dropped (and
   * forgotten), and, unless they chose, the profile's toggles even when Check beat the list's load.
   * Kept as it is when the list cannot load.
   */
  async function memberForm(next: ScanForm): Promise<ScanForm> {
    const list = await queryClient.fetchQuery(scanProfilesQuery(userUid)).catch(() => null);
    if (!list) return next;
    const remembered = rememberedProfile(localStorage);
    if (remembered && !list.some((profile) => profile.uid === remembered)) forgetProfile(localStorage);
    return chosen.current ? withOwnProfile(next, list) : withScanProfile(next, list);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = normaliseScanUrl(form.url);
    if (!checked.ok) {
      setError(checked.message);
      void showToast('error', checked.message);
      return;
    }
    setError(null);
    const typed = { ...form, url: checked.url, schemeAdded: checked.schemeAdded };
    onScan(loggedIn ? await memberForm(typed) : guestForm(typed));
  }

  function toggleOptions() {
    if (!loggedIn) {
      void showToast('error', SCAN_MESSAGES.registeredOnly);
      return;
    }
    setOptionsOpen(!optionsOpen);
  }

  return (
    <form className="scan-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="scan-form__row">
        <label htmlFor={urlId} className="visually-hidden">
          URL to scan
        </label>
        <input
          id={urlId}
          className="scan-form__url"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder={`Enter the URL to investigate. Example: ${host}`}
          value={form.url}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${urlId}-error` : undefined}
          onChange={(event) => setForm({ ...form, url: event.target.value })}
        />
        <button type="submit" className="button button--primary scan-form__check">
          Check
        </button>
      </div>
      <p id={`${urlId}-error`} className="scan-form__error" role="alert">
        {error ?? ''}
      </p>
      <div className="scan-form__toggles">
        <Toggle
          label="Private"
          checked={form.private}
          onChange={() => (loggedIn ? setForm({ ...form, private: !form.private }) : void showToast('error', SCAN_MESSAGES.registeredOnly))}
        />
        <Toggle label="All Check" checked={allChecksOn(form)} onChange={() => choose(toggleAllChecks(form))} />
        {CHECK_TOGGLES.map((toggle) => (
          <Toggle
            key={toggle.code}
            label={toggle.label}
            checked={form[toggle.code]}
            onChange={() => choose({ ...form, [toggle.code]: !form[toggle.code] })}
          />
        ))}
        <button
          type="button"
          className="button button--on-dark scan-form__options"
          aria-expanded={optionsOpen}
          aria-controls="scan-options"
          onClick={toggleOptions}
        >
          Options
        </button>
      </div>
      {optionsOpen && loggedIn ? <ScanOptionsPanel form={form} setForm={choose} /> : null}
    </form>
  );
}
