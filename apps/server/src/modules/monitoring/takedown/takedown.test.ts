import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakedownCase } from '@riskscan/contracts';
import { startRdapRegistry, type RdapRegistry } from '@riskscan/scanner/testing';
import { signedInUser, type SignedInUser } from '../../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../../scans/testing/scan-test-world.ts';
import { recordObservation } from '../lookalikes.repository.ts';
import { findMonitor } from '../monitors.repository.ts';
import { NOT_MALICIOUS } from './takedown.service.ts';

let world: ScanTestWorld;
let registry: RdapRegistry;
let owner: SignedInUser;
let monitorUid: string;

beforeAll(async () => {
  registry = await startRdapRegistry(
    [{ name: 'pixelfroge.app', registered: '2026-11-20T09:00:00Z', expires: '2027-11-20T09:00:00Z' }],
    ['app'],
    [
      {
        cidr: '198.51.100.7/32',
        handle: 'NET-198-51-100-0-1',
        name: 'BULLETPROOF-NET',
        holder: 'Example Hosting LLC',
        abuseEmail: 'abuse@hosting.example',
      },
    ],
  );
  world = await startScanTestWorld({
    env: { MONITOR_TICK_SECONDS: '0' },
    scanner: { rdapBootstrapUrl: registry.bootstrapUrl, rdapAddressBootstrapUrls: registry.addressBootstrapUrls },
  });
  await world.app.ready();
  owner = await signedInUser(world.app);
  const created = await world.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: { domain: 'pixelforge.app' },
  });
  monitorUid = created.json().uid;
  const monitor = (await findMonitor(world.app.db, monitorUid))!;
  const seen = new Date('2026-11-21T10:00:00Z');
  // What a run records for a look-alike whose page was judged phishing, and for one that is only parked.
  await recordObservation(world.app.db, {
    monitorId: monitor.id,
    domain: 'pixelfroge.app',
    fuzzer: 'transposition',
    status: 'suspicious',
    facts: { risk_score: 94, dns: { a: ['198.51.100.7'], aaaa: [], mx: [], ns: [] } },
    source: 'run:test',
    now: seen,
  });
  await recordObservation(world.app.db, {
    monitorId: monitor.id,
    domain: 'pixelforge.online',
    fuzzer: 'tld-swap',
    status: 'parked',
    facts: { risk_score: 20 },
    source: 'run:test',
    now: seen,
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
  await registry?.close();
});

const api = (path: string) => `/api/v1/monitors/${monitorUid}/takedowns/${path}`;

describe('takedown pack (issue 39)', () => {
  let pack: TakedownCase;

  it('names the registrar and the hosting network with their abuse contacts from RDAP, with evidence and a ready report', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: api(''),
      headers: owner.headers,
      payload: { domain: 'pixelfroge.app' },
    });
    expect(response.statusCode).toBe(201);
    pack = response.json();
    expect(pack).toMatchObject({
      domain: 'pixelfroge.app',
      status: 'reported',
      registrar: { name: 'Example Registrar, Inc.', abuse_email: 'abuse@registrar.example', registered_at: '2026-11-20T09:00:00Z' },
      hosting: { name: 'Example Hosting LLC', abuse_email: 'abuse@hosting.example', network: 'NET-198-51-100-0-1' },
      evidence: { risk_score: 94, ip: '198.51.100.7' },
      down_at: null,
      time_to_takedown_seconds: null,
    });
    expect(pack.evidence.timeline.map((entry) => entry.event)).toEqual([
      'first seen by the monitor',
      'status: suspicious',
      'takedown pack prepared',
    ]);
    expect(pack.report).toContain(
      'To: abuse@registrar.example (registrar: Example Registrar, Inc.); abuse@hosting.example (hosting: Example Hosting LLC)',
    );
    expect(pack.report).toContain('which imitates pixelforge.app');
    expect(pack.report).toContain('hxxps://pixelfroge[.]app/');
    // Asking again returns the open case.
    const again = await world.app.inject({ method: 'POST', url: api(''), headers: owner.headers, payload: { domain: 'pixelfroge.app' } });
    expect(again.json().uid).toBe(pack.uid);
  });

  it('serves the report as text and as a PDF whose cross-reference table is right', async () => {
    const text = await world.app.inject({ url: api(`${pack.uid}/report.txt`), headers: owner.headers });
    expect(text.headers['content-disposition']).toBe('attachment; filename="abuse-report-pixelfroge.app.txt"');
    expect(text.body).toBe(pack.report);

    const pdf = await world.app.inject({ url: api(`${pack.uid}/report.pdf`), headers: owner.headers });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload.toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes).toContain('(Subject: Phishing and brand impersonation: pixelfroge.app) Tj');
    const xrefAt = Number(/startxref\n(\d+)/.exec(bytes)![1]);
    expect(bytes.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...bytes.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, i) => expect(bytes.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it('is only for look-alikes judged malicious, and only for the monitor’s owner', async () => {
    const parked = await world.app.inject({
      method: 'POST',
      url: api(''),
      headers: owner.headers,
      payload: { domain: 'pixelforge.online' },
    });
    expect([parked.statusCode, parked.json().domain]).toEqual([400, [NOT_MALICIOUS]]);
    const stranger = await signedInUser(world.app);
    expect((await world.app.inject({ url: api(''), headers: stranger.headers })).statusCode).toBe(404);
    expect((await world.app.inject({ url: api(`${pack.uid}/report.pdf`), headers: stranger.headers })).statusCode).toBe(404);
  });

  it('tracks the case until the site is down, and reports the time to takedown', async () => {
    // The scheduler rechecks a case once its hour has come; the fixture site answers: still up.
    await world.app.monitoring.tick();
    expect((await world.app.inject({ url: api(''), headers: owner.headers })).json()[0]).toMatchObject({ checks: 0 });
    await world.app.db
      .updateTable('takedown_cases')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .execute();
    await world.app.monitoring.tick();
    const [up] = (await world.app.inject({ url: api(''), headers: owner.headers })).json();
    expect(up).toMatchObject({ status: 'still_up', checks: 1, down_at: null });
    // The registrar suspends the domain: it no longer resolves.
    world.world.dns.set('pixelfroge.app', []);
    const down = await world.app.inject({ method: 'POST', url: api(`${pack.uid}/check/`), headers: owner.headers });
    expect(down.json()).toMatchObject({ status: 'down', checks: 2 });
    expect(down.json().time_to_takedown_seconds).toBeGreaterThanOrEqual(0);
    const [listed] = (await world.app.inject({ url: api(''), headers: owner.headers })).json();
    expect(listed).toMatchObject({ uid: pack.uid, status: 'down' });
  });
});
