import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { monthlyPlanAllowance } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { stixValidator, TAXII_SCHEMAS } from './testing/taxii-schemas.ts';

const MEDIA = 'application/taxii+json;version=2.1';
const COLLECTIONS = '/taxii2/riskscan/collections/';

describe('TAXII 2.1 feed', () => {
  let test: TestApp;
  let bearer: Record<string, string>;
  let basic: Record<string, string>;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  const { ajv, indicator } = stixValidator();
  const valid = (schema: object, value: unknown) => {
    const ok = ajv.validate(schema, value);
    if (!ok) throw new Error(ajv.errorsText());
    return ok;
  };

  async function scan(url: string, risk: number, finishedAt: string, extra: { isPrivate?: boolean; onBoard?: boolean } = {}) {
    await test.app.db
      .insertInto('scans')
      .values({
        uid: randomUUID(),
        user_id: null,
        url,
        options: JSON.stringify({}),
        is_private: extra.isPrivate ?? false,
        on_board: extra.onBoard ?? !(extra.isPrivate ?? false),
        status: 'done',
        overall_risk: risk,
        finished_at: new Date(finishedAt),
      })
      .execute();
  }

  beforeAll(async () => {
    test = await createTestApp(
      { PUBLIC_URL: 'https://riskscan.example' },
      { planAllowance: (db) => monthlyPlanAllowance(db, BUSINESS_PLAN) },
    );
    owner = await signedInUser(test.app);
    bearer = owner.headers;
    const key = (await test.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer, payload: { name: 'opencti' } })).json()
      .key;
    basic = { authorization: `Basic ${Buffer.from(`opencti:${key}`).toString('base64')}` };
    await scan('https://paypal-account-verify.xyz/login', 93, '2026-11-01T10:00:00.000Z');
    await scan('https://paypal-account-verify.xyz/login', 88, '2026-11-03T10:00:00.000Z');
    await scan("https://evil.example/it's", 85, '2026-11-02T10:00:00.000Z');
    await scan("https://evil.example/it's", 10, '2026-11-05T10:00:00.000Z');
    await scan('https://drainer.example/claim', 97, '2026-11-04T10:00:00.000Z');
    await scan('https://private-danger.example/', 99, '2026-11-04T11:00:00.000Z', { isPrivate: true });
    await scan('https://fine.example/', 20, '2026-11-04T12:00:00.000Z');
    await lookalikes(owner.id);
  });

  /** Two look-alikes domain monitoring found suspicious; the second was taken down later. */
  async function lookalikes(userId: number) {
    const monitor = await test.app.db
      .insertInto('monitors')
      .values({
        uid: randomUUID(),
        user_id: userId,
        domain: 'pixelforge.app',
        keywords: JSON.stringify([]),
        webhook_secret: 'whsec_x',
        alert_mode: 'live',
        next_run_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [domain, events] of [
      ['pixelforge-login.app', [['suspicious', '2026-11-06T09:00:00.000Z']]],
      [
        'pixelf0rge.app',
        [
          ['suspicious', '2026-11-07T09:00:00.000Z'],
          ['gone', '2026-11-09T09:00:00.000Z'],
        ],
      ],
    ] as const) {
      const lookalike = await test.app.db
        .insertInto('lookalikes')
        .values({ monitor_id: monitor.id, domain, fuzzer: 'addition', status: events.at(-1)![0], dns: JSON.stringify({}), risk_score: 85 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [status, at] of events) {
        await test.app.db
          .insertInto('lookalike_events')
          .values({ lookalike_id: lookalike.id, monitor_id: monitor.id, source: `run-${status}`, status, at: new Date(at) })
          .execute();
      }
    }
  }
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = basic) =>
    test.app.inject({ method: 'GET', url, headers: { accept: MEDIA, ...headers } });

  it('answers discovery, the API root and the collections in the TAXII media type, for HTTP Basic with an API key and for sessions', async () => {
    const discovery = await get('/taxii2/');
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers['content-type']).toBe(MEDIA);
    expect(valid(TAXII_SCHEMAS.discovery, discovery.json())).toBe(true);
    expect(discovery.json()).toMatchObject({
      default: 'https://riskscan.example/taxii2/riskscan/',
      api_roots: ['https://riskscan.example/taxii2/riskscan/'],
    });
    expect((await get('/taxii2/', bearer)).statusCode).toBe(200);

    const root = await get('/taxii2/riskscan/');
    expect(valid(TAXII_SCHEMAS.apiRoot, root.json())).toBe(true);
    const collections = await get(COLLECTIONS);
    expect(valid(TAXII_SCHEMAS.collections, collections.json())).toBe(true);
    const [collection] = collections.json().collections;
    expect(collection).toMatchObject({ can_read: true, can_write: false, media_types: ['application/stix+json;version=2.1'] });
    expect((await get(`${COLLECTIONS}${collection.id}/`)).json()).toEqual(collection);
  });

  it('serves public Danger scans as valid STIX 2.1 indicators, oldest first, valid until a clean scan or the age limit', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    const response = await get(`${COLLECTIONS}${id}/objects/`);
    expect(response.statusCode).toBe(200);
    const envelope = response.json();
    expect(valid(TAXII_SCHEMAS.envelope, envelope)).toBe(true);
    for (const object of envelope.objects) expect(valid(indicator.schema as object, object)).toBe(true);
    expect(envelope.more).toBe(false);
    expect(envelope.objects.map((object: { pattern: string }) => object.pattern)).toEqual([
      "[url:value = 'https://evil.example/it\\'s']",
      "[url:value = 'https://paypal-account-verify.xyz/login']",
      "[url:value = 'https://drainer.example/claim']",
    ]);
    const [cleared, paypal] = envelope.objects;
    expect(cleared).toMatchObject({ valid_from: '2026-11-02T10:00:00.000Z', valid_until: '2026-11-05T10:00:00.000Z' });
    expect(paypal).toMatchObject({
      valid_from: '2026-11-01T10:00:00.000Z',
      modified: '2026-11-03T10:00:00.000Z',
      valid_until: '2026-12-03T10:00:00.000Z',
      indicator_types: ['malicious-activity'],
    });
    expect(response.headers['x-taxii-date-added-first']).toBe('2026-11-02T10:00:00.000Z');
    expect(response.headers['x-taxii-date-added-last']).toBe('2026-11-04T10:00:00.000Z');
    expect(JSON.stringify(envelope)).not.toContain('private-danger');
  });

  it('pages with limit and next, filters with added_after, and lists the same objects in the manifest', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    const first = (await get(`${COLLECTIONS}${id}/objects/?limit=2`)).json();
    expect(first).toMatchObject({ more: true, next: expect.any(String) });
    expect(first.objects).toHaveLength(2);
    const second = (await get(`${COLLECTIONS}${id}/objects/?limit=2&next=${first.next}`)).json();
    expect(second.more).toBe(false);
    expect(second.objects.map((object: { pattern: string }) => object.pattern)).toEqual(["[url:value = 'https://drainer.example/claim']"]);

    const after = (await get(`${COLLECTIONS}${id}/objects/?added_after=2026-11-03T10:00:00.000Z`)).json();
    expect(after.objects).toHaveLength(1);
    expect((await get(`${COLLECTIONS}${id}/objects/?added_after=2026-11-30T00:00:00.000Z`)).json()).toEqual({ more: false });

    const manifest = (await get(`${COLLECTIONS}${id}/manifest/`)).json();
    expect(valid(TAXII_SCHEMAS.manifest, manifest)).toBe(true);
    const objects = (await get(`${COLLECTIONS}${id}/objects/`)).json().objects;
    expect(manifest.objects.map((entry: { id: string }) => entry.id)).toEqual(objects.map((object: { id: string }) => object.id));
  });

  it('answers TAXII errors: 401 with a Basic challenge, 406 for other media types, 404 and 400', async () => {
    const anonymous = await get('/taxii2/', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic /);
    expect(valid(TAXII_SCHEMAS.error, anonymous.json())).toBe(true);
    const wrongKey = await get('/taxii2/', { authorization: `Basic ${Buffer.from('x:rsk_wrong').toString('base64')}` });
    expect(wrongKey.statusCode).toBe(401);
    expect((await test.app.inject({ method: 'GET', url: '/taxii2/', headers: { ...basic, accept: 'application/json' } })).statusCode).toBe(
      406,
    );
    const missing = await get(`${COLLECTIONS}${randomUUID()}/objects/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'Collection not found.', http_status: '404' });
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    expect((await get(`${COLLECTIONS}${id}/objects/?added_after=yesterday`)).statusCode).toBe(400);
    expect((await get(`${COLLECTIONS}${id}/objects/?next=bogus`)).statusCode).toBe(400);
    expect((await get(`${COLLECTIONS}${id}/objects/?limit=0`)).statusCode).toBe(400);
  });

  it('serves suspicious monitored look-alikes as domain-name indicators, valid until monitoring saw them go', async () => {
    const collections = (await get(COLLECTIONS)).json().collections;
    expect(collections).toHaveLength(2);
    const envelope = (await get(`${COLLECTIONS}${collections[1].id}/objects/`)).json();
    expect(valid(TAXII_SCHEMAS.envelope, envelope)).toBe(true);
    for (const object of envelope.objects) expect(valid(indicator.schema as object, object)).toBe(true);
    expect(envelope.objects).toEqual([
      expect.objectContaining({
        pattern: "[domain-name:value = 'pixelforge-login.app']",
        indicator_types: ['anomalous-activity'],
        valid_until: '2026-12-06T09:00:00.000Z',
      }),
      expect.objectContaining({
        pattern: "[domain-name:value = 'pixelf0rge.app']",
        valid_from: '2026-11-07T09:00:00.000Z',
        valid_until: '2026-11-09T09:00:00.000Z',
      }),
    ]);
    expect(JSON.stringify(envelope)).not.toContain('pixelforge.app');
  });
});
