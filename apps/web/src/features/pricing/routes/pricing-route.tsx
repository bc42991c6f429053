import type { BillingPeriod } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { membershipsQuery } from '@/lib/memberships-query.ts';
import { useSession } from '@/lib/session.ts';
import '@/lib/page-kit/page-kit.css';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { Testimonials } from '@/lib/page-kit/testimonials.tsx';
import { usePlans } from '../api/plans.ts';
import { PlanTable } from '../components/plan-table.tsx';
import { PricingFaq } from '../components/pricing-faq.tsx';
import '../pricing.css';

export default function PricingRoute() {
  const [period, setPeriod] = useState<BillingPeriod>('Monthly');
  const plans = usePlans();
  const loggedIn = useSession((state) => state.loggedIn);
  const memberships = useQuery({ ...membershipsQuery, enabled: loggedIn });

  return (
    <div className="pk-page pricing">
      <header className="pricing__hero">
        <h1>Pricing</h1>
        <p className="pk-lead">Start free. Upgrade for more scans, AI brand-spoofing detection, scan profiles and the REST API.</p>
        <div className="pricing__toggle" role="radiogroup" aria-label="Billing period">
          <button type="button" role="radio" aria-checked={period === 'Monthly'} onClick={() => setPeriod('Monthly')}>
            Monthly
          </button>
          <button type="button" role="radio" aria-checked={period === 'Yearly'} onClick={() => setPeriod('Yearly')}>
            Yearly <span className="pricing__discount">-20%</span>
          </button>
        </div>
      </header>
      {/* SPEC §7: a failed plans load is not handled, so the bar stays. */}
      {plans.data ? (
        <>
          <p className="pricing__swipe" aria-hidden="true">
            Swipe to compare plans →
          </p>
          <PlanTable plans={plans.data[period]} currentPlanUid={loggedIn ? memberships.data?.current?.plan_uid : undefined} />
        </>
      ) : (
        <ProgressBar label="Loading plans" />
      )}
      <Testimonials />
      <PricingFaq />
    </div>
  );
}
