import { subscriptionResultSchema } from '@riskscan/contracts';
import { sessionRequest } from '@/lib/session-request.ts';

/** Cancels at the end of the paid period, on the payment backend beside upgrade and downgrade. */
export const cancelSubscription = async (subscriptionId: string) =>
  subscriptionResultSchema.parse(
    await sessionRequest('payments', `/cancel-subscription/${encodeURIComponent(subscriptionId)}`, { method: 'POST' }),
  );
