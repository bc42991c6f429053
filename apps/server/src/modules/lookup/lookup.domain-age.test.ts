import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRdapRegistry, type RdapRegistry } from '../../../../../packages/scanner/src/extended/testing/rdap-registry.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { putOnPlan, signedInUser } from '../billing/memberships/testing/billing-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// Addresses the URL verdict finds unremarkable on its own: only their registration tells them apart.
const FRESH = 'https://harbour-lights-gallery.com/visit';
const OLD = 'https://quayside-lights-gallery.com/visit';

describe('lookup with domain age from RDAP (LOOKUP_DOMAIN_AGE)', () => {
  let registry: RdapRegistry;
  let test: TestApp;
  let paid: Record<string, string>;
  let free: Record<string, string>;
  beforeAll(async () => {
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    registry = await startRdapRegistry([
      { name: 'harbour-lights-gallery.com', registered: iso(3 * DAY_MS), expires: iso(-362 * DAY_MS) },
      { name: 'quayside-lights-gallery.com', registered: '2009-05-14T10:00:00Z', expires: '2027-05-14T10:00:00Z' },
    ]);
    // The stand-in registry listens on loopback, which the egress guard lets through only here.
    test = await createTestApp(
      { LOOKUP_DOMAIN_AGE: 'true', SCAN_ALLOW_PRIVATE_NETWORKS: 'true' },
      { scanner: { rdapBootstrapUrl: registry.bootstrapUrl } },
    );
    const buyer = await signedInUser(test.app);
    await putOnPlan(test.app, buyer.id, 'Business');
    paid = buyer.headers;
    free = (await signedInUser(test.app)).headers;
  });
  afterAll(async () => {
    await test?.close();
    await registry?.close();
  });

  const lookup = async (urls: string[], headers: Record<string, string>) =>
    (await test.app.inject({ method: 'POST', url: '/api/v1/lookup/', payload: { urls }, headers })).json().results as {
      risk_score: number;
      reasons: { code: string; message: string }[];
    }[];
  const domainAsks = () => registry.requests.filter((request) => request.includes('/domain/'));

  it('adds a recent registration as evidence, asks each domain once, and leaves an old one alone', async () => {
    const [fresh, old] = await lookup([FRESH, OLD], paid);
    expect(fresh!.reasons).toContainEqual(
      expect.objectContaining({ code: 'new_domain', message: 'harbour-lights-gallery.com was registered 3 days ago.' }),
    );
    expect(old!.reasons.map((reason) => reason.code)).not.toContain('new_domain');
    expect(fresh!.risk_score).toBeGreaterThan(old!.risk_score);
    const asked = domainAsks().length;
    expect(asked).toBe(2);
    await lookup([FRESH, OLD], paid);
    expect(domainAsks()).toHaveLength(asked);
  });

  it('is not asked for plans without external reputation', async () => {
    const before = registry.requests.length;
    const [fresh] = await lookup(['https://harbour-lights-gallery.com/other'], free);
    expect(fresh!.reasons.map((reason) => reason.code)).not.toContain('new_domain');
    expect(registry.requests).toHaveLength(before);
  });
});
