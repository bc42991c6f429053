import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.ts';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { CONFIRMATION_MAILS_PER_HOUR } from './alert-email-confirmation.ts';
import { deliverDueAlerts, flushAlerts } from './alerts.ts';
import { findMonitor } from './monitors.repository.ts';

const PUBLIC_URL = 'https://riskscan.example';

let world: ScanTestWorld;
let inbox: SmtpInbox;
let owner: SignedInUser;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  world = await startScanTestWorld({ env: { SMTP_URL: inbox.url, MONITOR_TICK_SECONDS: '0', PUBLIC_URL } });
  owner = await signedInUser(world.app);
}, 60_000);
afterAll(async () => {
  await world?.close();
  await inbox?.close();
});

const mailsTo = (email: string) => inbox.messages.filter((mail) => mail.to.includes(email)).length;

/** A look-alike found since the last alert, flushed into an alert as a run leaves it. */
async function pendingAlert(monitorUid: string) {
  const monitor = (await findMonitor(world.app.db, monitorUid))!;
  const lookalike = await world.testDb.db
    .insertInto('lookalikes')
    .values({
      monitor_id: monitor.id,
      domain: `pixelf${Date.now()}rge.app`,
      fuzzer: 'replacement',
      status: 'registered',
      dns: '{}',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await world.testDb.db
    .insertInto('lookalike_events')
    .values({ lookalike_id: lookalike.id, monitor_id: monitor.id, source: 'engine', status: 'registered', previous_status: null } as never)
    .execute();
  expect(await flushAlerts(world.app.monitoring, monitor)).toBe(1);
}

describe('alert e-mail addresses (issue 29)', () => {
  it('holds alerts to another address until its owner confirms it from the mailed link', async () => {
    const other = `alerts-${Date.now()}@example.test`;
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'pixelforge.app', alert_email: other },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ alert_email: other, alert_email_confirmed: false });
    const confirmation = await inbox.take(other);
    const link = linkIn(confirmation.text, `${PUBLIC_URL}/api/v1/monitors/alert-email/confirm/`);

    await pendingAlert(created.json().uid);
    await deliverDueAlerts(world.app.monitoring);
    expect(mailsTo(other)).toBe(1);

    const confirmed = await world.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(confirmed.statusCode).toBe(200);
    const shown = await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${created.json().uid}/`, headers: owner.headers });
    expect(shown.json()).toMatchObject({ alert_email: other, alert_email_confirmed: true });
    await deliverDueAlerts(world.app.monitoring);
    await expect.poll(() => mailsTo(other)).toBe(2);
    expect((await world.app.inject({ method: 'GET', url: new URL(link).pathname })).statusCode).toBe(400);
  });

  it("needs no confirmation for the account's own address, and a new address waits again", async () => {
    const [monitor] = (await world.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: owner.headers })).json();
    const patch = (alertEmail: string) =>
      world.app.inject({
        method: 'PATCH',
        url: `/api/v1/monitors/${monitor.uid}/`,
        headers: owner.headers,
        payload: { alert_email: alertEmail },
      });
    expect((await patch(owner.email.toUpperCase())).json()).toMatchObject({ alert_email_confirmed: true });
    expect(mailsTo(owner.email)).toBe(0);
    const stranger = `stranger-${Date.now()}@example.test`;
    expect((await patch(stranger)).json()).toMatchObject({ alert_email: stranger, alert_email_confirmed: false });
    expect(mailsTo(stranger)).toBe(1);
  });

  it('drops mail held for an address replaced before it was confirmed, and the whole log with its monitor', async () => {
    const [monitor] = (await world.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: owner.headers })).json();
    const waiting = `waiting-${Date.now()}@example.test`;
    const patch = (alertEmail: string) =>
      world.app.inject({
        method: 'PATCH',
        url: `/api/v1/monitors/${monitor.uid}/`,
        headers: owner.headers,
        payload: { alert_email: alertEmail },
      });
    expect((await patch(waiting)).json()).toMatchObject({ alert_email_confirmed: false });
    await pendingAlert(monitor.uid);
    const log = async () =>
      (await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.uid}/deliveries/`, headers: owner.headers })).json();
    expect(await log()).toContainEqual(expect.objectContaining({ channel: 'email', target: waiting, status: 'pending', attempts: 0 }));

    await patch(owner.email);
    await deliverDueAlerts(world.app.monitoring);
    // The confirmation mail, never the alert.
    expect(mailsTo(waiting)).toBe(1);
    expect(await log()).not.toContainEqual(expect.objectContaining({ target: waiting }));

    const { id } = (await findMonitor(world.app.db, monitor.uid))!;
    const logged = () => world.app.db.selectFrom('deliveries').select('id').where('source_id', '=', String(id)).execute();
    expect((await logged()).length).toBeGreaterThan(0);
    expect((await world.app.inject({ method: 'DELETE', url: `/api/v1/monitors/${monitor.uid}/`, headers: owner.headers })).statusCode).toBe(
      204,
    );
    expect(await logged()).toEqual([]);
  });

  it('sends one address at most a few confirmation mails an hour, however often a monitor switches to it (issue 40)', async () => {
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'pixelforge.app', alert_email: owner.email },
    });
    const monitor = created.json();
    const victim = `victim-${Date.now()}@example.test`;
    for (let round = 0; round < 10; round++) {
      for (const address of [victim, owner.email]) {
        const patched = await world.app.inject({
          method: 'PATCH',
          url: `/api/v1/monitors/${monitor.uid}/`,
          headers: owner.headers,
          payload: { alert_email: address },
        });
        expect(patched.statusCode).toBe(200);
      }
    }
    expect(mailsTo(victim)).toBe(CONFIRMATION_MAILS_PER_HOUR);
  });
});
