import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lookalike } from '@riskscan/contracts';
import { signedInUser, type SignedInUser } from '../../accounts/testing/account-factory.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { type CtLogStandIn, merkleTreeLeaf, startCtLogStandIn, tbsCertificate, certificateOf } from '../testing/ct-log-stand-in.ts';
import { firstSeenInCtLogs } from './ct-log.repository.ts';

let t: TestApp;
let ct: CtLogStandIn;
let owner: SignedInUser;
let monitorUid: string;

const precert = (names: string[], timestamp?: number) => merkleTreeLeaf({ tbs: tbsCertificate(names) }, timestamp);
const certificate = (names: string[]) => merkleTreeLeaf({ certificate: certificateOf(tbsCertificate(names)) });

beforeAll(async () => {
  // Public logs answer at most a few dozen entries a request; the stand-in caps at 8 so batching shows.
  ct = await startCtLogStandIn({ maxEntries: 8 });
  ct.append(...Array.from({ length: 20 }, (_, i) => certificate([`history-${i}.example`])), precert(['pixelforge-old.com']));
  t = await createTestApp({
    MONITOR_TICK_SECONDS: '0',
    SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
    CT_LOGS: ct.url,
    CT_STALE_MINUTES: '5',
    METRICS_TOKEN: 'scrape-token-0123456789',
  });
  await t.app.ready();
  owner = await signedInUser(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: { domain: 'pixelforge.app' },
  });
  monitorUid = created.json().uid;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await ct?.close();
});

async function lookalikes(): Promise<Lookalike[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorUid}/lookalikes/`, headers: owner.headers })).json().results;
}

const monitorAlerts = () => t.app.db.selectFrom('deliveries').selectAll().where('kind', '=', 'monitor_alert').execute();

describe('certificate transparency read from the log (RFC 6962)', () => {
  it('starts a new log at its head, then reads every new leaf in batches, records look-alikes and alerts at once', async () => {
    await t.app.monitoring.pollCertificates();
    // The log's past is not read: the old look-alike certificate stays unknown.
    expect(ct.entryRequests).toBe(0);
    expect(await lookalikes()).toEqual([]);

    const issued = Date.UTC(2026, 10, 27, 8, 30);
    ct.append(
      ...Array.from({ length: 12 }, (_, i) => certificate([`bakery-${i}.example`])),
      precert(['login.pixelforge-secure.com', 'pixelforge-secure.com'], issued),
      certificate(['*.pixelforge-secure.com']),
      certificate(['quiet-meadow.net']),
    );
    await t.app.monitoring.pollCertificates();
    // 15 new leaves at 8 a request: two requests, from index 21 on.
    expect(ct.entryRequests).toBe(2);
    const found = await lookalikes();
    expect(found.map((row) => row.domain)).toEqual(['pixelforge-secure.com']);
    expect(found[0]).toMatchObject({ fuzzer: 'ct-log', status: 'registered' });
    expect((await firstSeenInCtLogs(t.app.db, 'pixelforge-secure.com'))?.getTime()).toBe(issued);
    const alerts = await monitorAlerts();
    expect(alerts).toHaveLength(1);
    expect(JSON.stringify(alerts[0]!.payload)).toContain('pixelforge-secure.com');

    // Resumed where it stopped: nothing new, nothing asked for.
    await t.app.monitoring.pollCertificates();
    expect(ct.entryRequests).toBe(2);
  });

  it('says a log that stops advancing is stale, on /readyz and in the metrics, and fresh again once it grows', async () => {
    expect((await t.app.monitoring.sourceStatus()).map((status) => status.staleSince)).toEqual([null]);
    // The log stopped growing six minutes ago (the allowance is five).
    await t.app.db
      .updateTable('ct_log_positions')
      .set({ grew_at: new Date(Date.now() - 6 * 60_000) })
      .execute();
    await t.app.monitoring.pollCertificates();
    const [status] = await t.app.monitoring.sourceStatus();
    expect(status).toMatchObject({ source: `ct:${ct.url}` });
    expect(status!.staleSince).not.toBeNull();

    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.json().stale_sources).toEqual([
      { source: `ct:${ct.url}`, stale_since: status!.staleSince!.toISOString(), last_error: null },
    ]);
    // Readiness is about serving, not about a third party's log.
    expect(ready.statusCode).toBe(200);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456789' } });
    expect(metrics.body).toContain(`riskscan_discovery_source_stale{source="ct:${ct.url}"} 1`);
    expect(metrics.body).toMatch(/riskscan_discovery_source_last_grew_timestamp_seconds\{source="ct:[^"]+"\} \d+/);

    ct.append(certificate(['fresh.example']));
    await t.app.monitoring.pollCertificates();
    expect((await t.app.monitoring.sourceStatus())[0]!.staleSince).toBeNull();
    expect((await t.app.inject({ url: '/readyz' })).json().stale_sources).toEqual([]);
  });

  it('notes a failing log on its position and goes on', async () => {
    ct.fail(503);
    await t.app.monitoring.pollCertificates();
    const [status] = await t.app.monitoring.sourceStatus();
    expect(status!.lastError).toContain('HTTP 503');
    ct.fail(null);
    ct.append(precert(['pixelforgelogin.net']));
    await t.app.monitoring.pollCertificates();
    expect((await lookalikes()).map((row) => row.domain).sort()).toEqual(['pixelforge-secure.com', 'pixelforgelogin.net']);
    expect((await t.app.monitoring.sourceStatus())[0]!.lastError).toBeNull();
  });
});
