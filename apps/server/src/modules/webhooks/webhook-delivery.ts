import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkEgressTarget, EgressRefusedError, type GuardedFetchOptions, type ResolvedAddress, trustingTls } from '@riskscan/scanner';
import { SIGNATURE_HEADER, signWebhook, standardWebhookHeaders } from './webhook-signature.ts';

/** The egress policy webhooks leave under: the scanner's, so a user's URL reaches only public addresses. */
export type WebhookNetwork = Pick<GuardedFetchOptions, 'resolver' | 'allowPrivateNetworks' | 'trustedCertificates' | 'connectPorts'> & {
  timeoutMs?: number;
};

export type WebhookOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

const DEFAULT_TIMEOUT_MS = 10_000;
const USER_AGENT = 'riskscan-webhooks/1';

function pinned(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
}

/**
 * POSTs `payload` as JSON to `url`, signed with `secret` twice: riskscan's header (`signWebhook`)
 * and the Standard Webhooks headers with `deliveryId`, which a caller keeps across its retries.
 * The target passes the egress guard first and the connection goes to the address the guard
 * checked, so DNS cannot swap in an internal one; redirects are not followed. A 2xx answer is a
 * delivery; anything else, a failure the caller may retry.
 */
export async function deliverWebhook(
  url: string,
  payload: unknown,
  secret: string,
  network: WebhookNetwork,
  deliveryId: string,
): Promise<WebhookOutcome> {
  const target = new URL(url);
  let address: ResolvedAddress;
  try {
    address = (await checkEgressTarget(target, network)).address;
  } catch (error) {
    if (error instanceof EgressRefusedError) return { ok: false, status: null, error: error.message };
    throw error;
  }
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const secure = target.protocol === 'https:';
  const port = Number(target.port || (secure ? 443 : 80));
  const options: https.RequestOptions = {
    method: 'POST',
    hostname: target.hostname.replace(/^\[|\]$/g, ''),
    port: network.connectPorts?.[port] ?? port,
    path: `${target.pathname}${target.search}`,
    lookup: pinned(address),
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': USER_AGENT,
      [SIGNATURE_HEADER]: signWebhook(secret, body, timestamp),
      ...standardWebhookHeaders(secret, deliveryId, body, timestamp),
    },
    ...(secure ? trustingTls(network.trustedCertificates) : {}),
  };
  // One deadline for the whole attempt (connect, headers and body): a receiver that trickles
  // its answer a byte at a time is cut off as surely as one that never answers.
  const deadlineMs = network.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise<WebhookOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: WebhookOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(outcome);
    };
    const request = (secure ? https : http).request(options, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      response.on('error', (error) => settle({ ok: false, status, error: error.message }));
      response.on('end', () =>
        settle(
          status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `The endpoint answered HTTP ${status}.` },
        ),
      );
    });
    const deadline = setTimeout(
      () => settle({ ok: false, status: null, error: `No complete answer within ${deadlineMs} ms.` }),
      deadlineMs,
    );
    request.on('error', (error) => settle({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}
