import { randomUUID } from 'node:crypto';
import { deliverWebhook, type WebhookNetwork, type WebhookOutcome } from './webhook-delivery.ts';

export type RetriedOutcome = WebhookOutcome & { attempts: number; deliveryId: string };

const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 50_000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** No answer, 5xx, 408 and 429 may pass on a later try; other answers will not. */
function retryable(outcome: WebhookOutcome): boolean {
  return !outcome.ok && (outcome.status === null || outcome.status >= 500 || outcome.status === 408 || outcome.status === 429);
}

/**
 * `deliverWebhook` for callers without a job queue of their own (scan callbacks): tries again
 * after each of `delaysMs` (2 s, 10 s, 50 s by default) while the failure may pass, every attempt
 * with the same delivery id.
 */
export async function deliverWithRetries(
  url: string,
  payload: unknown,
  secret: string,
  network: WebhookNetwork,
  delaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
): Promise<RetriedOutcome> {
  const deliveryId = randomUUID();
  let attempts = 0;
  for (;;) {
    const outcome = await deliverWebhook(url, payload, secret, network, deliveryId);
    attempts++;
    if (!retryable(outcome) || attempts > delaysMs.length) return { ...outcome, attempts, deliveryId };
    await sleep(delaysMs[attempts - 1]!);
  }
}
