import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { triageEmailResponseSchema, type TriageEmailResponse } from '@riskscan/contracts';
import { createResolver } from '@riskscan/scanner';
import { startLoopbackDns, type LoopbackDns } from '@riskscan/scanner/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { monthlyPlanAllowance } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';

// A second loopback address stands in for the public Internet; 127.0.0.1 is the internal network.
const PUBLIC_STAND_IN = '127.0.0.2';

describe('POST /api/v1/triage/email/ expands short links', () => {
  let test: TestApp;
  let auth: Record<string, string>;
  let dns: LoopbackDns;
  let shortener: http.Server;

  beforeAll(async () => {
    shortener = http.createServer((request, response) => {
      const url = `${request.headers.host}${request.url}`;
      if (url === 'bit.ly/pay-now') response.writeHead(301, { location: 'http://secure-login.account-verify-center.xyz/chase/session' });
      else if (url === 'bit.ly/office') response.writeHead(302, { location: 'http://intranet-admin.example.com/' });
      else response.writeHead(200, { 'content-type': 'text/html' });
      response.end();
    });
    await new Promise<void>((resolve) => shortener.listen(0, PUBLIC_STAND_IN, resolve));
    dns = await startLoopbackDns({
      'bit.ly': [PUBLIC_STAND_IN],
      'secure-login.account-verify-center.xyz': [PUBLIC_STAND_IN],
      'intranet-admin.example.com': ['127.0.0.1'],
    });
    test = await createTestApp(
      { SCAN_BROWSER: 'false' },
      {
        planAllowance: (db) => monthlyPlanAllowance(db, BUSINESS_PLAN),
        scanner: {
          network: {
            resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }),
            exemptAddresses: [PUBLIC_STAND_IN],
            connectPorts: { 80: (shortener.address() as AddressInfo).port },
          },
        },
      },
    );
    auth = (await signedInUser(test.app)).headers;
  });
  afterAll(async () => {
    await test.close();
    await Promise.all([dns.close(), new Promise((resolve) => shortener.close(resolve))]);
  });

  const triage = async (text: string): Promise<TriageEmailResponse> => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/email/',
      headers: { ...auth, 'content-type': 'message/rfc822' },
      payload: `From: it-support@example.org\r\nSubject: links\r\nDate: Fri, 20 Nov 2026 08:15:00 +0000\r\n\r\n${text}\r\n`,
    });
    expect(response.statusCode).toBe(200);
    return triageEmailResponseSchema.parse(response.json());
  };

  it('shows where a short link leads and judges it as that address', async () => {
    const direct = await triage('Verify: http://secure-login.account-verify-center.xyz/chase/session');
    const result = await triage('Verify: http://bit.ly/pay-now');
    expect(result.urls).toEqual([
      expect.objectContaining({
        url: 'http://bit.ly/pay-now',
        expansion: { final_url: 'http://secure-login.account-verify-center.xyz/chase/session', hops: 1, error: null },
      }),
    ]);
    const [link] = result.urls;
    expect(link!.verdict.reasons.map((reason) => reason.code)).not.toContain('unknown_until_expanded');
    expect(link!.verdict).toEqual(direct.urls[0]!.verdict);
    expect(result.risk_score).toBe(direct.risk_score);
    // Links elsewhere are not expanded.
    expect(direct.urls[0]!.expansion).toBeUndefined();
  });

  it('keeps a short link "unknown until expanded" when its redirect points inside the network', async () => {
    const result = await triage('Your mailbox: http://bit.ly/office');
    expect(result.urls).toEqual([
      expect.objectContaining({
        url: 'http://bit.ly/office',
        expansion: {
          final_url: null,
          hops: 1,
          error: 'intranet-admin.example.com: Refused: intranet-admin.example.com does not resolve to a public address',
        },
      }),
    ]);
    expect(result.urls[0]!.verdict.reasons.map((reason) => reason.code)).toContain('unknown_until_expanded');
  });
});
