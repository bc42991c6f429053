import type { CreatedApiKey } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { apiKeysQuery, createApiKey, revokeApiKey } from '../api/api-keys.ts';
import { LocalTime } from '@/components/ui/local-time.tsx';
import '@/lib/page-kit/profile-panel.css';
import '../api-keys.css';
import { DataTable } from '@/components/ui/data-table.tsx';

const KEY_COLUMNS = ['Name', 'Key', 'Created', 'Last used', 'Actions'] as const;

/** A ready-to-run request with the new key, the way API docs show one. */
export function curlExample(key: string, origin = window.location.origin): string {
  return `curl -H "Authorization: Api-Key ${key}" "${origin}/api/v1/check-url/?url=https://example.com"`;
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  async function copy() {
    await navigator.clipboard?.writeText(created.key);
    void showToast('success', 'Copied');
  }
  return (
    <div className="api-key-new" role="status">
      <p>
        <strong>Copy your new key now.</strong> For your security it is shown only once.
      </p>
      <div className="api-key-new__secret">
        <code aria-label="New API key">{created.key}</code>
        <button type="button" className="pk-button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="pk-hint">Try it:</p>
      <pre className="api-key-new__curl">{curlExample(created.key)}</pre>
      <button type="button" className="pk-button pk-button--ghost" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

export function ApiKeysPanel({ allowed }: { allowed: boolean }) {
  const queryClient = useQueryClient();
  const keys = useQuery({ ...apiKeysQuery, enabled: allowed });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return void showToast('error', 'Name required');
    setBusy(true);
    try {
      setCreated(await createApiKey(name.trim()));
      setName('');
      await refresh();
    } catch (error) {
      void showToast('error', answerMessage(error, 'name'));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string, keyName: string) {
    if (!window.confirm(`Revoke the key "${keyName}"? Programs using it stop working at once.`)) return;
    try {
      await revokeApiKey(id);
      await refresh();
      void showToast('success', 'Key revoked');
    } catch (error) {
      void showToast('error', answerMessage(error));
    }
  }

  return (
    <section className="profile-panel pk-card" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      {!allowed ? (
        <p className="pk-hint">API access comes with the paid plans. Upgrade to create keys for the REST API.</p>
      ) : (
        <>
          <p className="pk-hint">
            Send a key as <code>Authorization: Api-Key &lt;key&gt;</code>. Scans made with a key count towards your plan.
          </p>
          {created && <NewKey created={created} onDone={() => setCreated(null)} />}
          <form className="api-key-form" onSubmit={create}>
            <label className="pk-visually-hidden" htmlFor="api-key-name">
              Key name
            </label>
            <input
              id="api-key-name"
              className="pk-input"
              placeholder="Key name, e.g. SIEM enrichment"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="pk-button" disabled={busy}>
              Create key
            </button>
          </form>
          {keys.data && keys.data.length > 0 ? (
            <DataTable caption="Your API keys" columns={KEY_COLUMNS}>
              {keys.data.map((key) => (
                <tr key={key.uid}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>
                    <LocalTime iso={key.created_at} day />
                  </td>
                  <td>{key.last_used_at ? <LocalTime iso={key.last_used_at} /> : 'Never'}</td>
                  <td>
                    <button type="button" className="profile-link-button" onClick={() => void revoke(key.uid, key.name)}>
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : (
            keys.isSuccess && <p className="pk-hint">No keys yet.</p>
          )}
        </>
      )}
    </section>
  );
}
