import type { SubscriptionResult } from '@riskscan/contracts';
import type { FastifyInstance } from 'fastify';
import type { SignedInUser } from '../../memberships/testing/billing-fixtures.ts';

/** `POST /memberships/upgrade/` as the web app sends it once the payment side has changed a subscription. */
export function recordChange(
  app: FastifyInstance,
  user: SignedInUser,
  planUid: string,
  status: 'Upgrade' | 'Downgrade',
  result: SubscriptionResult,
  priceId: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/memberships/upgrade/',
    headers: user.headers,
    payload: {
      plan_uid: planUid,
      payment_status: status,
      payment_data: { subscriptionId: result.id, customerId: result.customer, priceId },
    },
  });
}
