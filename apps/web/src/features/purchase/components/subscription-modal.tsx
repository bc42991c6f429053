import type { CurrentMembership, SinglePlan } from '@riskscan/contracts';
import { type FormEvent, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { hardNavigation } from '@/lib/page-kit/hard-navigation.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { dollars } from '@/lib/plan-features.ts';
import { createCheckoutSession } from '../api/membership-change.ts';
import { checkoutTotal } from '../purchase-rules.ts';

/** Only a web page may receive the visitor: never a javascript: or data: address from a bad answer. */
export function isCheckoutAddress(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url, window.location.origin).protocol);
  } catch {
    return false;
  }
}

type Props = { plan: SinglePlan; current: CurrentMembership | null | undefined; open: boolean; onClose(): void };

/** SPEC §2 Subscription modal: what the member pays now, then the provider's hosted checkout. */
export function SubscriptionModal({ plan, current, open, onClose }: Props) {
  const [holder, setHolder] = useState('');
  const [busy, setBusy] = useState(false);
  const total = checkoutTotal(plan, current);

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const session = await createCheckoutSession(plan.uid, holder).catch(() => null);
    if (!session) {
      setBusy(false);
      void showToast('error', 'Membership Upgrade Error! Please contact with support!');
      return;
    }
    if (!isCheckoutAddress(session.url)) {
      setBusy(false);
      void showToast('error', 'Payment was not successfull!');
      return;
    }
    hardNavigation.go(session.url);
  }

  if (!open) return null;
  return (
    <Modal title="Subscription" onClose={onClose}>
      <form className="subscription" onSubmit={subscribe}>
        <dl className="subscription__lines">
          <div>
            <dt>Your subscription</dt>
            <dd>
              <strong>{plan.plan_name} Plan</strong>
              <span>{dollars(plan.monthly)} billed monthly</span>
            </dd>
          </div>
          <div>
            <dt>Unused Credit</dt>
            <dd>{dollars(plan.unused_credit)}</dd>
          </div>
          <div className="subscription__total">
            <dt>Total</dt>
            <dd>{dollars(total)}</dd>
          </div>
        </dl>
        {total !== 0 && (
          <label className="pk-field">
            <span>Card Holder Name</span>
            <input name="card_holder_name" autoComplete="cc-name" value={holder} onChange={(e) => setHolder(e.target.value)} />
          </label>
        )}
        <p className="pk-hint">You will confirm the payment on our payment provider&apos;s secure page and come back here afterwards.</p>
        <button type="submit" className="pk-button pk-button--block" disabled={busy}>
          {busy ? 'Processing...' : 'Subscribe'}
        </button>
      </form>
    </Modal>
  );
}
