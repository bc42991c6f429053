import { createResolver, type EgressPolicy, guardedFetch, GuardedFetchError } from '@riskscan/scanner';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';

export type DeliveryPolicy = {
  /** Where the egress guard lets us connect (the scanner's DNS servers and private-network rule). */
  egress: { dnsServers?: readonly string[]; allowPrivateNetworks?: boolean };
  /** Waits before each retry; the default backs off 2 s, 10 s, 50 s. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
};

export type DeliveryOutcome = { delivered: boolean; attempts: number; status: number | null; error: string | null };

const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 50_000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 5xx, 408, 429 and network failures may pass on a later try; other answers will not. */
function retryable(status: number | null): boolean {
  return status === null || status >= 500 || status === 408 || status === 429;
}

/**
 * POSTs a signed JSON payload to a user's URL through the scanner's egress guard (no private
 * addresses, no redirects followed, certificates verified), retrying with back-off.
 */
export async function deliverWebhook(url: string, payload: unknown, secret: string, policy: DeliveryPolicy): Promise<DeliveryOutcome> {
  const egress: EgressPolicy = {
    resolver: createResolver({ servers: policy.egress.dnsServers ?? [] }),
    allowPrivateNetworks: policy.egress.allowPrivateNetworks ?? false,
  };
  const body = JSON.stringify(payload);
  const delays = policy.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let outcome: DeliveryOutcome = { delivered: false, attempts: 0, status: null, error: null };
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await sleep(delays[attempt - 1]!);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await guardedFetch(url, {
        ...egress,
        method: 'POST',
        body,
        followRedirects: false,
        verifyTls: true,
        timeoutMs: policy.timeoutMs ?? 10_000,
        maxBytes: 64 * 1024,
        userAgent: 'riskscan-webhooks/1',
        headers: {
          'content-type': 'application/json',
          accept: '*/*',
          [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)),
        },
      });
      status = response.status;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      // The guard refusing the address will refuse it again.
      if (failure instanceof GuardedFetchError && failure.code !== 'network' && failure.code !== 'timeout') {
        return { delivered: false, attempts: attempt + 1, status: null, error };
      }
    }
    outcome = { delivered: status !== null && status >= 200 && status < 300, attempts: attempt + 1, status, error };
    if (outcome.delivered || !retryable(status)) return outcome;
  }
  return outcome;
}
