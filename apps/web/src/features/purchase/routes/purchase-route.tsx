import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { membershipsQuery } from '@/lib/memberships-query.ts';
import { REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import '@/lib/page-kit/page-kit.css';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { dollars, FEATURE_FLAGS, scansPerMonth, tokensPerMonth, USAGE_FLAGS, watchedDomains } from '@/lib/plan-features.ts';
import { useSession } from '@/lib/session.ts';
import { changeRecord, changeSubscription, recordMembershipChange } from '../api/membership-change.ts';
import { usePlan } from '../api/plan.ts';
import { PlanImage } from '../components/plan-image.tsx';
import { SubscriptionModal } from '../components/subscription-modal.tsx';
import { purchaseLabel, purchaseRoute } from '../purchase-rules.ts';
import '../purchase.css';

const MESSAGES = {
  upgrade: {
    failed: 'Failed update subscription!',
    unrecorded: 'Membership Upgrade Error! Please contact with support!',
    done: 'Membership Upgrade Success!',
  },
  downgrade: {
    failed: 'Failed downgrade subscription!',
    unrecorded: 'Membership downgrade schedule Error! Please contact with support!',
    done: 'Membership downgrade scheduled!',
  },
} as const;

/** /purchasedsubscription/{id}: one plan, bought, upgraded to or downgraded to (SPEC §2, §4). */
export default function PurchaseRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useSession((s) => s.loggedIn);
  const plan = usePlan(id, loggedIn);
  const memberships = useQuery({ ...membershipsQuery, enabled: loggedIn });
  const current = memberships.data?.current;
  const [busy, setBusy] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);

  const reloadMemberships = () => queryClient.invalidateQueries({ queryKey: membershipsQuery.queryKey });

  async function changeDirectly(kind: 'upgrade' | 'downgrade') {
    if (!plan.data || !current?.subscriptionId) return;
    const messages = MESSAGES[kind];
    setBusy(true);
    try {
      const subscription = await changeSubscription(kind, current.subscriptionId, plan.data.priceId).catch(() => null);
      if (!subscription) return void showToast('error', messages.failed);
      const recorded = await recordMembershipChange(changeRecord(plan.data, kind === 'upgrade' ? 'Upgrade' : 'Downgrade', subscription))
        .then(() => true)
        .catch(() => false);
      void showToast(recorded ? 'success' : 'error', recorded ? messages.done : messages.unrecorded);
      await reloadMemberships();
    } finally {
      setBusy(false);
    }
  }

  function act() {
    if (!loggedIn) {
      void showToast('error', 'Please log in first');
      window.setTimeout(() => void navigate('/signin'), REDIRECT_DELAY_MS);
      return;
    }
    if (!plan.data) return;
    const route = purchaseRoute(plan.data, current);
    if (route === 'checkout') setModalOpen(true);
    else void changeDirectly(route);
  }

  function closeModal() {
    setModalOpen(false);
    void reloadMemberships();
  }

  const label = plan.data ? purchaseLabel(plan.data, current, busy || (loggedIn && memberships.isPending)) : '';

  return (
    <div className="pk-page purchase">
      <h1>Our Shop</h1>
      {!plan.data ? (
        <div className="purchase__card pk-card">
          <Skeleton media lines={6} label="Loading plan" />
        </div>
      ) : (
        <div className="purchase__card pk-card">
          <PlanImage name={plan.data.plan_name} />
          <div className="purchase__body">
            <h2 className="purchase__title">
              {plan.data.plan_name}
              <span className="purchase__price">
                {/* SPEC §2: Free shows its monthly price. */}
                {plan.data.plan_name === 'Free'
                  ? `${dollars(plan.data.monthly)} / month`
                  : `${dollars(plan.data.price)} / ${plan.data.duration}`}
              </span>
            </h2>
            {label === 'Current Membership' ? (
              <span className="purchase__current">Current Membership</span>
            ) : (
              <button type="button" className="pk-button purchase__action" disabled={label === 'Please Wait...'} onClick={act}>
                {label}
              </button>
            )}
            <div className="purchase__lists">
              <section>
                <h3>Usage</h3>
                <ul>
                  <li>{scansPerMonth(plan.data)}</li>
                  <li>{tokensPerMonth(plan.data)}</li>
                  <li>Domain monitoring: {watchedDomains(plan.data)}</li>
                  {USAGE_FLAGS.filter(({ flag }) => plan.data[flag]).map(({ flag, label: text }) => (
                    <li key={flag}>{text}</li>
                  ))}
                </ul>
              </section>
              <section>
                <h3>Features</h3>
                <ul>
                  {FEATURE_FLAGS.filter(({ flag }) => plan.data[flag]).map(({ flag, label: text }) => (
                    <li key={flag}>{text}</li>
                  ))}
                </ul>
              </section>
            </div>
          </div>
        </div>
      )}
      {plan.data && modalOpen && <SubscriptionModal plan={plan.data} current={current} open={modalOpen} onClose={closeModal} />}
    </div>
  );
}
