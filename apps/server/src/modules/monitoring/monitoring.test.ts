import type { AlertDelivery, MonitorAlertPayload } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRdapRegistry, type RdapRegistry } from '@riskscan/scanner/testing';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.ts';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { bearer, startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../webhooks/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/testing/webhook-receiver.ts';

let world: ScanTestWorld;
let inbox: SmtpInbox;
let hooks: WebhookReceiver;
let owner: SignedInUser;
let registry: RdapRegistry;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  hooks = await startWebhookReceiver();
  // The registry knows two of the look-alikes; it answers 404 for the others, as registries do.
  registry = await startRdapRegistry(
    [
      { name: 'pixelfroge.app', registered: '2026-11-20T09:30:00Z', expires: '2027-11-20T09:30:00Z' },
      { name: 'pixelforge.online', registered: '2024-02-03T10:00:00Z', expires: '2027-02-03T10:00:00Z' },
    ],
    ['app', 'online', 'shop'],
  );
  world = await startScanTestWorld({
    env: { SMTP_URL: inbox.url, MONITOR_TICK_SECONDS: '0' },
    scanner: { rdapBootstrapUrl: registry.bootstrapUrl },
  });
  // A look-alike registered with name servers but no address: it counts, though no page answers.
  world.world.dns.set('pixelforg.app', { records: [{ type: 'NS', ns: 'ns1.parking-dns.example' }] });
  owner = await signedInUser(world.app);
}, 60_000);

afterAll(async () => {
  await world?.close();
  await inbox?.close();
  await hooks?.close();
  await registry?.close();
});

async function finishedRun(uid: string, headers: Record<string, string>) {
  for (let tries = 0; tries < 600; tries++) {
    const monitor = (await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${uid}/`, headers })).json();
    if (monitor.last_run && ['done', 'failed'].includes(monitor.last_run.status)) return monitor;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the run of monitor ${uid} did not finish`);
}

/** The delivery log once `settled` entries are no longer pending. */
async function deliveryLog(uid: string, settled: number) {
  for (let tries = 0; tries < 100; tries++) {
    const log = (await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${uid}/deliveries/`, headers: owner.headers })).json<
      AlertDelivery[]
    >();
    if (log.filter((entry) => entry.status !== 'pending').length >= settled) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the deliveries of monitor ${uid} did not settle`);
}

describe('domain monitoring', () => {
  it('refuses signed-out callers', async () => {
    expect((await world.app.inject({ method: 'GET', url: '/api/v1/monitors/' })).statusCode).toBe(401);
    const created = await world.app.inject({ method: 'POST', url: '/api/v1/monitors/', payload: { domain: 'pixelforge.app' } });
    expect(created.statusCode).toBe(401);
  });

  it('refuses invalid domains and IP literals with a clear 400', async () => {
    const post = (domain: string) =>
      world.app.inject({ method: 'POST', url: '/api/v1/monitors/', headers: owner.headers, payload: { domain } });
    const invalid = await post('not a domain');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ domain: ['Enter a domain name such as example.com.'] });
    expect((await post('203.0.113.7')).json()).toEqual({ domain: ['Enter a domain name, not an IP address.'] });
    expect((await post('')).statusCode).toBe(400);
  });

  it('finds exactly the registered look-alikes, flags the phishing copy, mails and signs a webhook', async () => {
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'PixelForge.app', webhook_url: hooks.url },
    });
    expect(created.statusCode).toBe(201);
    const monitor = created.json();
    expect(monitor).toMatchObject({ domain: 'pixelforge.app', alert_mode: 'live', check_interval: 'daily', lookalikes_count: 0 });
    expect(monitor.webhook_secret).toMatch(/^whsec_/);

    const run = await world.app.inject({ method: 'POST', url: `/api/v1/monitors/${monitor.uid}/run/`, headers: owner.headers });
    expect(run.statusCode).toBe(202);
    const done = await finishedRun(monitor.uid, owner.headers);
    expect(done.last_run).toMatchObject({ status: 'done', found: 4 });
    expect(done.last_run.names_checked).toBe(done.last_run.names_total);
    expect(done.last_run.names_total).toBeGreaterThan(1000);

    const page = (
      await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.uid}/lookalikes/`, headers: owner.headers })
    ).json();
    const byDomain = Object.fromEntries(page.results.map((lookalike: { domain: string }) => [lookalike.domain, lookalike]));
    expect(Object.keys(byDomain).sort()).toEqual(['pixelforg.app', 'pixelforge.online', 'pixelforge.shop', 'pixelfroge.app']);
    expect(page.count).toBe(4);

    const phish = byDomain['pixelfroge.app'];
    expect(phish).toMatchObject({ status: 'suspicious', fuzzer: 'transposition', dns: { a: ['127.0.0.1'] } });
    expect(phish.risk_score).toBeGreaterThanOrEqual(60);
    expect(phish.history).toEqual([{ status: 'suspicious', at: expect.any(String) }]);
    const scan = (await world.app.inject({ method: 'GET', url: `/api/v1/scans/${phish.scan_uid}/`, headers: bearer(owner.token) })).json();
    expect(scan.data.overall_risk).toBeGreaterThanOrEqual(60);
    const impersonation = scan.data.checks
      .flatMap((category: { details: { name: string }[] }) => category.details)
      .find((detail: { name: string }) => detail.name === 'page_brand_impersonation');
    expect(impersonation.message).toContain('pixelforge.app');

    expect(byDomain['pixelforge.online'].status).toBe('parked');
    // Registration dates come from the registry; where it has no record the date stays unknown.
    expect(phish.registered_at).toBe('2026-11-20T09:30:00.000Z');
    expect(byDomain['pixelforge.online'].registered_at).toBe('2024-02-03T10:00:00.000Z');
    expect(byDomain['pixelforg.app'].registered_at).toBeNull();
    expect(byDomain['pixelforge.shop'].registered_at).toBeNull();
    expect(byDomain['pixelforg.app']).toMatchObject({
      status: 'registered',
      dns: { a: [], ns: ['ns1.parking-dns.example'] },
      scan_uid: null,
    });

    const mail = await inbox.take(owner.email);
    expect(mail.subject).toContain('pixelfroge.app');
    expect(mail.text).toContain('pixelfroge.app');
    expect(mail.text).toContain('pixelforge.online');

    const hook = await hooks.take();
    expect(verifyWebhookSignature(monitor.webhook_secret, String(hook.headers[SIGNATURE_HEADER.toLowerCase()]), hook.body)).toBe(true);
    const payload = JSON.parse(hook.body) as MonitorAlertPayload;
    expect(payload.monitor).toEqual({ uid: monitor.uid, domain: 'pixelforge.app' });
    expect(payload.events.find((event) => event.domain === 'pixelfroge.app')).toMatchObject({ kind: 'new', status: 'suspicious' });
    expect(payload.events).toHaveLength(4);

    const log = await deliveryLog(monitor.uid, 2);
    expect(log.map((entry) => `${entry.channel}:${entry.status}`).sort()).toEqual(['email:delivered', 'webhook:delivered']);
    expect(log.find((entry) => entry.channel === 'webhook')).toMatchObject({ target: hooks.url, attempts: 1, response_status: 204 });
  }, 120_000);

  it('alerts again only on changes: a second run with nothing new sends nothing', async () => {
    const [monitor] = (await world.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: owner.headers })).json();
    const before = { mails: inbox.messages.length, hooks: hooks.received.length };
    expect(before).toEqual({ mails: 1, hooks: 1 });
    const scans = async () => (await world.app.db.selectFrom('scans').select('uid').execute()).length;
    const scansBefore = await scans();
    await world.app.inject({ method: 'POST', url: `/api/v1/monitors/${monitor.uid}/run/`, headers: owner.headers });
    // The run just queued is the latest one; wait for it, not the finished first run.
    for (let tries = 0; tries < 600; tries++) {
      const latest = (await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.uid}/`, headers: owner.headers })).json();
      if (latest.last_run.uid !== monitor.last_run.uid && latest.last_run.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Alerts are queued before a run reads as done: none were.
    expect(await deliveryLog(monitor.uid, 2)).toHaveLength(2);
    expect({ mails: inbox.messages.length, hooks: hooks.received.length }).toEqual(before);
    // The pages did not change, so no look-alike was scanned again.
    expect(await scans()).toBe(scansBefore);
    // A name the registry had no date for is asked again a day later, not on every run.
    expect(registry.requests.filter((request) => request.startsWith('/rdap/com/v1/domain/pixelforg.app '))).toHaveLength(1);
  }, 120_000);

  it('keeps a monitor to its owner and the plan quota', async () => {
    const [monitor] = (await world.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: owner.headers })).json();
    const stranger = await signedInUser(world.app);
    for (const [method, url] of [
      ['GET', `/api/v1/monitors/${monitor.uid}/`],
      ['GET', `/api/v1/monitors/${monitor.uid}/lookalikes/`],
      ['POST', `/api/v1/monitors/${monitor.uid}/run/`],
      ['DELETE', `/api/v1/monitors/${monitor.uid}/`],
    ] as const) {
      expect((await world.app.inject({ method, url, headers: stranger.headers })).statusCode).toBe(404);
    }
    const duplicate = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'pixelforge.app' },
    });
    expect(duplicate.statusCode).toBe(400);
    const second = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'example.org' },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().detail).toContain('up to 1 domain');
    const quota = await world.app.inject({ method: 'GET', url: '/api/v1/monitors/quota/', headers: owner.headers });
    expect(quota.json()).toEqual({ used: 1, limit: 1, check_interval: 'daily' });
  });
});
