import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { verifyWebhookSignature } from '../webhooks/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/testing/webhook-receiver.ts';
import { deliverDueAlerts, flushAlerts } from './alerts.ts';
import { claimRun, findMonitor, openRun } from './monitors.repository.ts';

let world: ScanTestWorld;
let hooks: WebhookReceiver;
let owner: SignedInUser;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  world = await startScanTestWorld({
    env: { MONITOR_TICK_SECONDS: '0', DELIVERY_ATTEMPTS: '3' },
  });
  world.world.dns.set('quiet-meadw.net', { records: [{ type: 'NS', ns: 'ns1.registrar.example' }] });
  owner = await signedInUser(world.app);
}, 60_000);

afterAll(async () => {
  await world?.close();
  await hooks?.close();
});

const events = (monitorId: number) => world.app.db.selectFrom('lookalike_events').selectAll().where('monitor_id', '=', monitorId).execute();

describe('monitor runs and alerts across workers', () => {
  it('finishes a run whose worker died, once, and alerts once however many flush at the same time', async () => {
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'quiet-meadow.net', webhook_url: hooks.url, alert_mode: 'daily' },
    });
    const monitor = (await findMonitor(world.app.db, created.json().uid))!;
    const service = world.app.monitoring;

    // A worker took the run and died: its lease ran out a minute ago.
    const { run } = await openRun(world.app.db, monitor.id, 'run-of-a-dead-worker', 'schedule');
    const past = new Date(Date.now() - 60_000);
    expect(await claimRun(world.app.db, run.uid, new Date(Date.now() - 120_000), past)).toBeDefined();
    // While a live worker holds a run nobody else takes it; this one's lease has lapsed.
    const live = await openRun(world.app.db, monitor.id, 'second-run', 'manual');
    expect(live.created).toBe(false);
    expect(live.run.uid).toBe(run.uid);

    await service.tick();
    for (let tries = 0; tries < 300; tries++) {
      const row = await world.app.db.selectFrom('monitor_runs').select('status').where('uid', '=', run.uid).executeTakeFirstOrThrow();
      if (row.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Taken over once: a second beat finds nothing to resume.
    await service.tick();
    const runRow = await world.app.db.selectFrom('monitor_runs').selectAll().where('uid', '=', run.uid).executeTakeFirstOrThrow();
    expect(runRow).toMatchObject({ status: 'done', found: 1, attempts: 2 });
    expect((await events(monitor.id)).map((event) => event.status)).toEqual(['registered']);

    // Daily digest, not due yet: nothing was alerted. Two workers flushing at once alert it once.
    expect(await world.app.db.selectFrom('deliveries').selectAll().execute()).toHaveLength(0);
    const [first, second] = await Promise.all([flushAlerts(service, monitor), flushAlerts(service, monitor)]);
    expect(first + second).toBe(1);

    // The webhook answers 503 first: its job retries it after its back-off, signed every time, however many hand it over.
    hooks.answerOnce(503);
    await Promise.all([deliverDueAlerts(service), deliverDueAlerts(service)]);
    const statuses = async () => (await world.app.db.selectFrom('deliveries').select('status').execute()).map((row) => row.status);
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['delivered', 'delivered']);
    // Handed over again once delivered: nothing more is sent.
    await deliverDueAlerts(service);
    const log = (
      await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.uid}/deliveries/`, headers: owner.headers })
    ).json();
    expect(log).toHaveLength(2);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'webhook', status: 'delivered', response_status: 204, attempts: 2, events: 1 }),
        expect.objectContaining({ channel: 'email', status: 'delivered', attempts: 1, events: 1 }),
      ]),
    );
    expect(hooks.received).toHaveLength(2);
    for (const received of hooks.received) {
      expect(verifyWebhookSignature(monitor.webhook_secret, String(received.headers['x-riskscan-signature']), received.body)).toBe(true);
    }
  }, 60_000);
});
