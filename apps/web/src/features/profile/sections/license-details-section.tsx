import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { membershipsQuery } from '@/lib/memberships-query.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { dollars } from '@/lib/plan-features.ts';
import { cancelSubscription } from '../api/cancel-subscription.ts';
import { monitorQuotaQuery } from '@/lib/monitor-quota-query.ts';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { formatDay } from '@/lib/format-date.ts';
import '@/lib/page-kit/profile-panel.css';

/** `apiKeys` renders the API-keys panel (its own feature), told whether the plan includes API access. */
export function LicenseDetailsSection({ apiKeys }: { apiKeys: (allowed: boolean) => React.ReactNode }) {
  const queryClient = useQueryClient();
  const memberships = useQuery(membershipsQuery);
  const monitorQuota = useQuery(monitorQuotaQuery);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = memberships.data?.current;
  const paid = Boolean(current && current.plan_type !== 'Free');
  const scheduled = current?.scheduled_plan;

  async function cancel() {
    if (!current?.subscriptionId) return;
    setBusy(true);
    try {
      await cancelSubscription(current.subscriptionId);
      await queryClient.invalidateQueries({ queryKey: membershipsQuery.queryKey });
      void showToast('success', 'Your subscription is canceled. It stays active until the end of the period.');
    } catch {
      void showToast('error', 'Oops, something went wrong!');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <section className="profile-panel pk-card" aria-labelledby="license-title">
        <h2 id="license-title">License details</h2>
        {memberships.isPending ? (
          <Skeleton lines={4} label="Loading license" />
        ) : !current ? (
          <div className="license-empty">
            <p>You have no membership yet. The Free plan includes about 100 scans a month.</p>
            <Link className="pk-button" to="/pricing">
              See plans
            </Link>
          </div>
        ) : (
          <>
            <div className="license-summary">
              <div>
                <p className="license-summary__plan">
                  {current.plan_type}
                  <span className={`license-status license-status--${current.canceled ? 'canceled' : 'active'}`}>
                    {current.canceled ? 'Canceled' : 'Active'}
                  </span>
                </p>
                <p className="pk-hint">
                  {dollars(current.price)} / {current.duration} · {formatDay(current.period_start)} – {formatDay(current.period_end)}
                  {paid && !current.canceled && !scheduled && ` · renews ${formatDay(current.period_end)}`}
                </p>
                {paid && current.canceled ? (
                  <p className="license-scheduled">
                    Your {current.plan_type} plan stays until {formatDay(current.period_end)}, then your account moves to the Free plan.
                  </p>
                ) : (
                  scheduled && (
                    <p className="license-scheduled">
                      Scheduled change: <strong>{scheduled.plan_type}</strong> ({dollars(scheduled.price)} / {scheduled.duration}) from{' '}
                      {formatDay(current.period_end)}. Your {current.plan_type} plan stays until then.
                    </p>
                  )
                )}
              </div>
              <div className="license-summary__actions">
                <Link className="pk-button" to="/pricing">
                  {paid ? 'Change plan' : 'Upgrade'}
                </Link>
                {paid && !current.canceled && current.subscriptionId && (
                  <button type="button" className="pk-button pk-button--ghost" onClick={() => setConfirming(true)}>
                    Cancel subscription
                  </button>
                )}
              </div>
            </div>
            <div className="license-usage">
              <UsageBar label="Scans this period" used={current.scans_used} limit={current.scans_limit} />
              <UsageBar label="Tokens this period" used={current.tokens_used} limit={current.tokens_limit} />
              {monitorQuota.data && (
                <UsageBar
                  label={`Watched domains (checked ${monitorQuota.data.check_interval})`}
                  used={monitorQuota.data.used}
                  limit={monitorQuota.data.limit}
                />
              )}
            </div>
          </>
        )}
      </section>
      {memberships.isSuccess && apiKeys(paid)}
      {confirming && (
        <Modal title="Cancel subscription" onClose={() => setConfirming(false)}>
          <p>
            Your {current?.plan_type} plan stays active until {current ? formatDay(current.period_end) : ''} and does not renew.
            Subscriptions can be cancelled up to 5 days before they expire.
          </p>
          <div className="profile-dialog-actions">
            <button type="button" className="pk-button pk-button--ghost" onClick={() => setConfirming(false)}>
              Keep my plan
            </button>
            <button type="button" className="pk-button pk-button--danger" disabled={busy} onClick={() => void cancel()}>
              {busy ? 'Please Wait...' : 'Cancel subscription'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
