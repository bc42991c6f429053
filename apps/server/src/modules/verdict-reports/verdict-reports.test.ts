import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { runVerdictReportsCommand } from './verdict-reports-cli.ts';

const OPERATOR = 'analyst@riskscan.example';
const HONEST = 'https://small-shop.example/account/password-reset';
const MISSED = 'https://quiet-harvest.example/verify/login.php';

/** Users report wrong verdicts on the result's scan; operators accept or reject them in the API and the CLI. */
describe('verdict reports', () => {
  let test: TestApp;
  let user: SignedInUser;
  let operator: SignedInUser;
  const scans: Record<string, string> = {};

  const insertScan = async (url: string, risk: number, extra: { onBoard?: boolean; status?: 'done' | 'queued' } = {}) => {
    const uid = randomUUID();
    await test.app.db
      .insertInto('scans')
      .values({
        uid,
        user_id: user.id,
        url,
        options: JSON.stringify({}),
        is_private: !(extra.onBoard ?? true),
        on_board: extra.onBoard ?? true,
        status: extra.status ?? 'done',
        overall_risk: extra.status === 'queued' ? null : risk,
        finished_at: extra.status === 'queued' ? null : new Date(),
      })
      .execute();
    return uid;
  };
  const ownListing = async (url: string) => {
    const [verdict] = await test.app.lookup.lookup([url]);
    return verdict && 'reasons' in verdict ? verdict.reasons.filter((reason) => reason.message.includes('riskscan')) : [];
  };
  const report = (scanUid: string, payload: object, headers = user.headers) =>
    test.app.inject({ method: 'POST', url: `/api/v1/scans/${scanUid}/verdict-reports/`, headers, payload });
  const queue = (headers: Record<string, string>, status = 'pending') =>
    test.app.inject({ method: 'GET', url: `/api/v1/verdict-reports/?status=${status}`, headers });
  const decide = (uid: string, decision: string, headers = operator.headers) =>
    test.app.inject({ method: 'POST', url: `/api/v1/verdict-reports/${uid}/decision/`, headers, payload: { decision } });

  beforeAll(async () => {
    test = await createTestApp({ OPERATOR_EMAILS: ` ${OPERATOR.toUpperCase()} ` }, fixedPlan(BUSINESS_PLAN));
    user = await signedInUser(test.app);
    operator = await signedInUser(test.app, { email: OPERATOR });
    scans.honest = await insertScan(HONEST, 87);
    scans.missed = await insertScan(MISSED, 12);
    scans.privateMissed = await insertScan('https://private-lure.example/?token=s3cret', 15, { onBoard: false });
    scans.running = await insertScan('https://still-running.example/', 0, { status: 'queued' });
    // The wrong Danger verdict as the scan published it.
    await test.app.reputation.publish(HONEST, { threat: 'phishing', evidence: ['page'], confidence: 70 });
  });
  afterAll(() => test.close());

  it('files a report from the result, once per person, scan and kind, and refuses bad input in the detail shape', async () => {
    const filed = await report(scans.honest!, { kind: 'false_positive', comment: 'Our own shop; the reset link is real.' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toMatchObject({
      scan_uid: scans.honest,
      url: HONEST,
      kind: 'false_positive',
      overall_risk: 87,
      status: 'pending',
    });
    expect((await report(scans.honest!, { kind: 'false_positive' })).json().uid).toBe(filed.json().uid);
    const bad = await report(scans.honest!, { kind: 'wrong' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['kind']);
    expect((await report(scans.running!, { kind: 'false_positive' })).json()).toEqual({ detail: 'Only a finished scan can be reported.' });
    expect((await report(randomUUID(), { kind: 'false_positive' })).statusCode).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: `/api/v1/scans/${scans.honest}/verdict-reports/`,
          payload: { kind: 'false_positive' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("shows the queue to operators only: not to other users, nor to an operator's API key", async () => {
    expect((await queue(user.headers)).statusCode).toBe(403);
    const key = (
      await test.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: operator.headers, payload: { name: 'k' } })
    ).json().key;
    expect((await queue({ authorization: `Api-Key ${key}` })).statusCode).toBe(403);
    const pending = await queue(operator.headers);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().results.map((entry: { url: string }) => entry.url)).toEqual([HONEST]);
    expect((await decide(pending.json().results[0].uid, 'accept', user.headers)).statusCode).toBe(403);
    // What the web app's menu asks to link the review page.
    const reviewer = (headers: Record<string, string>) =>
      test.app.inject({ method: 'GET', url: '/api/v1/verdict-reports/reviewer/', headers }).then((response) => response.json());
    expect(await reviewer(operator.headers)).toEqual({ operator: true });
    expect(await reviewer(user.headers)).toEqual({ operator: false });
    // An API key is never an operator, and is not asked about it.
    expect(await reviewer({ authorization: `Api-Key ${key}` })).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('accepting a false positive retracts our verdict: gone from lookups, revoked in the feeds', async () => {
    expect(await ownListing(HONEST)).toHaveLength(1);
    const [pending] = (await queue(operator.headers)).json().results;
    const accepted = await decide(pending.uid, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', reviewed_at: expect.any(String) });
    expect(await ownListing(HONEST)).toEqual([]);
    const row = await test.app.db.selectFrom('published_verdicts').selectAll().where('url', '=', HONEST).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ retraction: 'report', retracted_at: expect.any(Date) });
    expect((await decide(pending.uid, 'reject')).json()).toEqual({ detail: 'No pending report with this id.' });
  });

  it('works the queue from the command line: a missed phishing page is published, a private one never, and both kept as examples', async () => {
    await report(scans.missed!, { kind: 'missed_phishing' });
    await report(scans.privateMissed!, { kind: 'missed_phishing' });
    const lines: string[] = [];
    const context = { db: test.app.db, corrections: test.app.reputation, reviewer: 'cli:tester' };
    expect(await runVerdictReportsCommand(['list'], context, (text) => lines.push(text))).toBe(0);
    const uids = [...lines.join('\n').matchAll(/^([0-9a-f-]{36}) {2}pending/gm)].map((match) => match[1]!);
    expect(uids).toHaveLength(2);
    expect(lines.join('\n')).toContain('says it IS phishing');
    expect(await runVerdictReportsCommand(['accept', ...uids], context, (text) => lines.push(text))).toBe(0);
    expect(await ownListing(MISSED)).toHaveLength(1);
    expect(await ownListing('https://private-lure.example/?token=s3cret')).toEqual([]);
    expect(await runVerdictReportsCommand(['accept', uids[0]!], context, (text) => lines.push(text))).toBe(1);
    expect(await runVerdictReportsCommand(['list', '--status', 'nope'], context, (text) => lines.push(text))).toBe(2);

    const examples: string[] = [];
    expect(await runVerdictReportsCommand(['examples'], context, (text) => examples.push(text))).toBe(0);
    const labelled = examples
      .join('\n')
      .split('\n')
      .map((line) => JSON.parse(line) as { url: string; label: string });
    expect(labelled.map(({ url, label }) => ({ url, label }))).toEqual([
      { url: HONEST, label: 'benign' },
      { url: MISSED, label: 'phishing' },
      { url: 'https://private-lure.example/?token=s3cret', label: 'phishing' },
    ]);
  });
});
