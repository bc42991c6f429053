import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { insertLookalikes, publishVerdict, retractVerdict } from './testing/feed-fixtures.ts';
import { stixValidator, TAXII_SCHEMAS } from './testing/taxii-schemas.ts';

const MEDIA = 'application/taxii+json;version=2.1';
// Findings are dated from twelve days ago (day 0), so the 30-day validity of each is still running
// today, except where a test makes one older on purpose.
const today = new Date();
const day = (n: number, hour = 10) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 12 + n, hour)).toISOString();
const COLLECTIONS = '/taxii2/riskscan/collections/';

describe('TAXII 2.1 feed', () => {
  let test: TestApp;
  let bearer: Record<string, string>;
  let basic: Record<string, string>;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  const { ajv, indicator } = stixValidator();
  const valid = (schema: object, value: unknown) => {
    const ok = ajv.validate(schema, value);
    if (!ok) throw new Error(ajv.errorsText());
    return ok;
  };

  beforeAll(async () => {
    // A poller's whole walk within one key's per-minute limit.
    test = await createTestApp({ PUBLIC_URL: 'https://riskscan.example', API_KEY_RATE_LIMIT_PER_MINUTE: '600' }, fixedPlan(BUSINESS_PLAN));
    owner = await signedInUser(test.app);
    bearer = owner.headers;
    const key = (await test.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer, payload: { name: 'opencti' } })).json()
      .key;
    basic = { authorization: `Basic ${Buffer.from(`opencti:${key}`).toString('base64')}` };
    await publishVerdict(test.app.db, 'https://paypal-account-verify.xyz/login', day(1));
    await publishVerdict(test.app.db, 'https://paypal-account-verify.xyz/login', day(3), {
      evidence: ['page', 'reputation'],
      confidence: 95,
    });
    await publishVerdict(test.app.db, "https://evil.example/it's", day(2));
    await retractVerdict(test.app.db, "https://evil.example/it's", day(5));
    await publishVerdict(test.app.db, 'https://drainer.example/claim', day(4), { evidence: ['reputation'], confidence: 85 });
    // Last confirmed 40 days ago: it expired 10 days ago, which is a change of its own.
    await publishVerdict(test.app.db, 'https://expired.example/kit/', day(-40));
    // The owner's look-alikes: the second was taken down later.
    await insertLookalikes(test.app.db, owner.id, 'pixelforge.app', [
      ['pixelforge-login.app', [['suspicious', day(6, 9)]]],
      [
        'pixelf0rge.app',
        [
          ['suspicious', day(7, 9)],
          ['gone', day(9, 9)],
        ],
      ],
    ]);
    // Another customer's: one of their own, and the same look-alike, which they saw go away.
    other = await signedInUser(test.app);
    await insertLookalikes(test.app.db, other.id, 'pixelforge.io', [
      ['pixelforge-secret-campaign.io', [['suspicious', day(8, 9)]]],
      [
        'pixelforge-login.app',
        [
          ['suspicious', day(6)],
          ['gone', day(7)],
        ],
      ],
    ]);
  });

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
    // The discovery address also answers without its slash; TAXII clients add one to every other URL.
    expect((await get('/taxii2')).json()).toEqual(discovery.json());

    const root = await get('/taxii2/riskscan/');
    expect(valid(TAXII_SCHEMAS.apiRoot, root.json())).toBe(true);
    const collections = await get(COLLECTIONS);
    expect(valid(TAXII_SCHEMAS.collections, collections.json())).toBe(true);
    const [collection] = collections.json().collections;
    expect(collection).toMatchObject({ can_read: true, can_write: false, media_types: ['application/stix+json;version=2.1'] });
    expect((await get(`${COLLECTIONS}${collection.id}/`)).json()).toEqual(collection);
  });

  it('serves published verdicts as valid STIX 2.1 indicators in version order: retracted ones revoked, expired ones as of their expiry', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    const response = await get(`${COLLECTIONS}${id}/objects/`);
    expect(response.statusCode).toBe(200);
    const envelope = response.json();
    expect(valid(TAXII_SCHEMAS.envelope, envelope)).toBe(true);
    for (const object of envelope.objects) expect(valid(indicator.schema as object, object)).toBe(true);
    expect(envelope.more).toBe(false);
    expect(envelope.objects.map((object: { pattern: string }) => object.pattern)).toEqual([
      "[url:value = 'https://expired.example/kit/']",
      "[url:value = 'https://paypal-account-verify.xyz/login']",
      "[url:value = 'https://drainer.example/claim']",
      "[url:value = 'https://evil.example/it\\'s']",
    ]);
    const [expired, paypal, drainer, retracted] = envelope.objects;
    expect(expired).toMatchObject({ modified: day(-10), valid_until: day(-10) });
    expect(expired.revoked).toBeUndefined();
    expect(paypal).toMatchObject({
      valid_from: day(1),
      modified: day(3),
      valid_until: day(33),
      confidence: 95,
      indicator_types: ['malicious-activity'],
    });
    expect(drainer).toMatchObject({ confidence: 85 });
    expect(retracted).toMatchObject({ valid_from: day(2), modified: day(5), valid_until: day(5), revoked: true });
    expect(response.headers['x-taxii-date-added-first']).toBe(day(-10));
    expect(response.headers['x-taxii-date-added-last']).toBe(day(5));
  });

  it('shows an added_after poller every change since its last poll: a retraction, an expiry', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    // An OpenCTI-style poller that last polled after the drainer's listing sees the retraction.
    const since = (await get(`${COLLECTIONS}${id}/objects/?added_after=${day(4, 11)}`)).json();
    expect(since.objects).toEqual([expect.objectContaining({ pattern: "[url:value = 'https://evil.example/it\\'s']", revoked: true })]);
    // One that last polled before the expiry sees the expired indicator as a new version.
    const beforeExpiry = (await get(`${COLLECTIONS}${id}/manifest/?added_after=${day(-11)}`)).json();
    expect(beforeExpiry.objects[0]).toMatchObject({ date_added: day(-10), version: day(-10) });
  });

  it('pages with limit and next, filters with added_after, and lists the same objects in the manifest', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    const first = (await get(`${COLLECTIONS}${id}/objects/?limit=3`)).json();
    expect(first).toMatchObject({ more: true, next: expect.any(String) });
    expect(first.objects).toHaveLength(3);
    const second = (await get(`${COLLECTIONS}${id}/objects/?limit=3&next=${first.next}`)).json();
    expect(second.more).toBe(false);
    expect(second.objects.map((object: { pattern: string }) => object.pattern)).toEqual(["[url:value = 'https://evil.example/it\\'s']"]);

    const after = (await get(`${COLLECTIONS}${id}/objects/?added_after=${day(3)}`)).json();
    expect(after.objects).toHaveLength(2);
    expect((await get(`${COLLECTIONS}${id}/objects/?added_after=${day(11)}`)).json()).toEqual({ more: false });

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

  it("serves each account its own monitored look-alikes, in its own collection, and no other account's", async () => {
    const collections = (await get(COLLECTIONS)).json().collections;
    expect(collections).toHaveLength(2);
    const envelope = (await get(`${COLLECTIONS}${collections[1].id}/objects/`)).json();
    expect(valid(TAXII_SCHEMAS.envelope, envelope)).toBe(true);
    for (const object of envelope.objects) expect(valid(indicator.schema as object, object)).toBe(true);
    expect(envelope.objects).toEqual([
      expect.objectContaining({
        pattern: "[domain-name:value = 'pixelforge-login.app']",
        indicator_types: ['anomalous-activity'],
        // The other customer's "gone" does not end the owner's finding.
        valid_until: day(36, 9),
      }),
      expect.objectContaining({
        pattern: "[domain-name:value = 'pixelf0rge.app']",
        valid_from: day(7, 9),
        valid_until: day(9, 9),
      }),
    ]);
    // Its take-down is a new version: a poller that last polled before it sees it again.
    const takenDown = (await get(`${COLLECTIONS}${collections[1].id}/objects/?added_after=${day(8)}`)).json().objects;
    expect(takenDown).toEqual([expect.objectContaining({ pattern: "[domain-name:value = 'pixelf0rge.app']", modified: day(9, 9) })]);
    expect(JSON.stringify(envelope)).not.toContain('pixelforge.app');
    expect(JSON.stringify(envelope)).not.toContain('secret-campaign');

    const theirs = (await get(COLLECTIONS, other.headers)).json().collections;
    expect(theirs[0].id).toBe(collections[0].id);
    expect(theirs[1].id).not.toBe(collections[1].id);
    const their = (await get(`${COLLECTIONS}${theirs[1].id}/objects/`, other.headers)).json().objects;
    expect(their.map((object: { pattern: string }) => object.pattern)).toEqual([
      "[domain-name:value = 'pixelforge-login.app']",
      "[domain-name:value = 'pixelforge-secret-campaign.io']",
    ]);
    expect(their[0]).toMatchObject({ valid_until: day(7) });
    // The same domain is a different indicator in each account's view.
    expect(their[0].id).not.toBe(envelope.objects[0].id);

    for (const path of ['', 'objects/', 'manifest/', `objects/${envelope.objects[0].id}/`]) {
      const response = await get(`${COLLECTIONS}${collections[1].id}/${path}`, other.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ title: 'Collection not found.', http_status: '404' });
    }
  });

  it('gets one object and its versions by id, and filters by match[id], match[spec_version] and match[version]', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    const objects = (await get(`${COLLECTIONS}${id}/objects/`)).json().objects;
    for (const object of objects)
      expect(object.id).toMatch(/^indicator--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const paypal = objects[1];
    const drainer = objects[2];

    const single = await get(`${COLLECTIONS}${id}/objects/${paypal.id}/`);
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toBe(MEDIA);
    expect(valid(TAXII_SCHEMAS.envelope, single.json())).toBe(true);
    expect(single.json()).toEqual({ more: false, objects: [paypal] });
    expect(single.headers['x-taxii-date-added-first']).toBe(day(3));

    const versions = await get(`${COLLECTIONS}${id}/objects/${paypal.id}/versions/`);
    expect(versions.statusCode).toBe(200);
    expect(valid(TAXII_SCHEMAS.versions, versions.json())).toBe(true);
    expect(versions.json()).toEqual({ more: false, versions: [paypal.modified] });

    for (const missing of [`indicator--${randomUUID()}`, 'not-an-id']) {
      for (const path of [`objects/${missing}/`, `objects/${missing}/versions/`]) {
        const response = await get(`${COLLECTIONS}${id}/${path}`);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toBe(MEDIA);
        expect(valid(TAXII_SCHEMAS.error, response.json())).toBe(true);
      }
    }
    const unknownPath = await get('/taxii2/riskscan/nothing-here/');
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.json()).toMatchObject({ http_status: '404' });

    const byId = (query: string) => get(`${COLLECTIONS}${id}/objects/?${query}`).then((response) => response.json());
    expect((await byId(`match[id]=${paypal.id},${drainer.id}`)).objects).toEqual([paypal, drainer]);
    expect(await byId(`match[id]=indicator--${randomUUID()}`)).toEqual({ more: false });
    expect((await byId('match[spec_version]=2.0,2.1')).objects).toHaveLength(4);
    expect(await byId('match[spec_version]=2.0')).toEqual({ more: false });
    expect((await byId('match[version]=all')).objects).toHaveLength(4);
    expect((await byId('match[version]=first')).objects).toHaveLength(4);
    expect((await byId(`match[version]=${paypal.modified}`)).objects).toEqual([paypal]);
    expect(await byId('match[version]=2026-01-01T00:00:00Z')).toEqual({ more: false });
    expect((await get(`${COLLECTIONS}${id}/objects/?match[version]=newest`)).statusCode).toBe(400);
    expect((await get(`${COLLECTIONS}${id}/manifest/?match[id]=${paypal.id}`)).json().objects).toEqual([
      { id: paypal.id, date_added: day(3), version: paypal.modified, media_type: 'application/stix+json;version=2.1' },
    ]);
  });

  it('keeps an indicator id across pages, requests and versions', async () => {
    const { id } = (await get(COLLECTIONS)).json().collections[0];
    const all = (await get(`${COLLECTIONS}${id}/objects/`)).json().objects.map((object: { id: string }) => object.id);
    const first = (await get(`${COLLECTIONS}${id}/objects/?limit=1`)).json();
    const rest = (await get(`${COLLECTIONS}${id}/objects/?next=${first.next}`)).json();
    expect([...first.objects, ...rest.objects].map((object: { id: string }) => object.id)).toEqual(all);
    await publishVerdict(test.app.db, 'https://paypal-account-verify.xyz/login', day(10));
    const again = (await get(`${COLLECTIONS}${id}/objects/?match[id]=${all[1]}`)).json().objects;
    expect(again).toEqual([expect.objectContaining({ id: all[1], modified: day(10), confidence: 70 })]);
  });

  it('walks discovery → API root → collections → objects → one object → versions over real HTTP, as taxii2-client does', async () => {
    // What the OASIS client sends: Basic credentials and the TAXII 2.1 Accept header, following the
    // URLs the server answers (discovery's api_roots), over a socket.
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    const fetchTaxii = async <T = unknown>(url: string): Promise<T> => {
      const response = await fetch(url.replace('https://riskscan.example', origin), { headers: { accept: MEDIA, ...basic } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(MEDIA);
      return (await response.json()) as T;
    };
    const discovery = await fetchTaxii<{ api_roots: string[] }>(`${origin}/taxii2/`);
    const root = discovery.api_roots[0]!;
    expect(valid(TAXII_SCHEMAS.apiRoot, await fetchTaxii(root))).toBe(true);
    const { collections } = await fetchTaxii<{ collections: { id: string }[] }>(`${root}collections/`);
    for (const collection of collections) {
      const base = `${root}collections/${collection.id}/`;
      const envelope = await fetchTaxii<{ objects: { id: string }[] }>(`${base}objects/`);
      for (const object of envelope.objects) {
        expect(valid(indicator.schema as object, object)).toBe(true);
        const single = await fetchTaxii(`${base}objects/${object.id}/`);
        expect(single).toEqual({ more: false, objects: [object] });
        expect(valid(TAXII_SCHEMAS.versions, await fetchTaxii(`${base}objects/${object.id}/versions/`))).toBe(true);
      }
    }
  });
});
