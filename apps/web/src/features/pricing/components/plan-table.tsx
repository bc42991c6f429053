import type { MembershipPlan } from '@riskscan/contracts';
import { Link } from 'react-router';
import { dollars, FEATURE_FLAGS, type PlanFlag, scansPerMonth, tokensPerMonth, USAGE_FLAGS, watchedDomains } from '@/lib/plan-features.ts';

const Check = ({ on }: { on: boolean }) =>
  on ? (
    <span className="plan-table__yes" aria-label="Included">
      ✓
    </span>
  ) : (
    <span className="plan-table__no" aria-label="Not included">
      —
    </span>
  );

/** One row per yes/no plan flag, a tick or a cross per plan. */
function FlagRows({ flags, plans }: { flags: readonly PlanFlag[]; plans: readonly MembershipPlan[] }) {
  return flags.map(({ flag, label }) => (
    <tr key={flag}>
      <th scope="row">{label}</th>
      {plans.map((plan) => (
        <td key={plan.uid}>
          <Check on={plan[flag]} />
        </td>
      ))}
    </tr>
  ));
}

/**
 * The comparison table: one column per plan, in the order the plans call gives. A signed-in
 * member's own plan (`currentPlanUid`) is marked and offers no purchase.
 */
export function PlanTable({ plans, currentPlanUid }: { plans: readonly MembershipPlan[]; currentPlanUid?: string | undefined }) {
  return (
    <div className="plan-table__scroll">
      <table className="plan-table">
        <caption className="pk-visually-hidden">Plan comparison</caption>
        <thead>
          <tr>
            <td />
            {plans.map((plan) => (
              <th
                key={plan.uid}
                scope="col"
                className={
                  plan.uid === currentPlanUid ? 'plan-table__current' : plan.plan_name === 'Business' ? 'plan-table__featured' : undefined
                }
              >
                {plan.uid === currentPlanUid ? (
                  <span className="plan-table__badge">Your plan</span>
                ) : (
                  plan.plan_name === 'Business' && <span className="plan-table__badge">Most popular</span>
                )}
                <span className="plan-table__name">{plan.plan_name}</span>
                <span className="plan-table__price">
                  {dollars(plan.price)}
                  <small>/{plan.duration}</small>
                </span>
                {plan.uid === currentPlanUid ? (
                  // SPEC §2 purchase page: the plan one has is a label, not a button.
                  <span className="pk-button pk-button--block plan-table__owned">Current Membership</span>
                ) : (
                  // The visible label names the plan, so speech users can say what they see (WCAG label in name).
                  <Link className="pk-button pk-button--block" to={`/purchasedsubscription/${plan.uid}`}>
                    Choose {plan.plan_name}
                  </Link>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="plan-table__group">
            <th scope="rowgroup" colSpan={plans.length + 1}>
              Usage
            </th>
          </tr>
          <tr>
            <th scope="row">Scans</th>
            {plans.map((plan) => (
              <td key={plan.uid}>{scansPerMonth(plan)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Tokens</th>
            {plans.map((plan) => (
              <td key={plan.uid}>{tokensPerMonth(plan)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Domain monitoring</th>
            {plans.map((plan) => (
              <td key={plan.uid}>{watchedDomains(plan)}</td>
            ))}
          </tr>
          <FlagRows flags={USAGE_FLAGS} plans={plans} />
          <tr className="plan-table__group">
            <th scope="rowgroup" colSpan={plans.length + 1}>
              Features
            </th>
          </tr>
          <FlagRows flags={FEATURE_FLAGS} plans={plans} />
        </tbody>
      </table>
    </div>
  );
}
