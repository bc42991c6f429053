import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/** Every client-side route of SPEC §2, as a visitor would open it. */
const SPA_ROUTES = [
  '/',
  '/profile',
  '/profile/42',
  '/profile/change_password',
  '/profile/change_email',
  '/profile/currenttemplate',
  '/profile/license_details',
  '/about',
  '/blog',
  '/blogdetail/how-phishing-kits-work/',
  '/pricing',
  '/purchasedsubscription/3f2a',
  '/usecases',
  '/integration',
  '/technology',
  '/faq',
  '/scam-categories',
  '/signin',
  '/signup',
  '/forgot-password',
  '/password-reset/token/abc123',
  '/activate-account/7/tok-en',
  '/payment/success/',
  '/payment/cancel/',
];

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'riskscan-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root">riskscan shell</div>');
  await writeFile(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
  t.app.post('/api/v1/_test/echo/', { schema: { body: z.object({ email: z.email(), age: z.number() }) } }, async (request) => request.body);
  t.app.get('/api/v1/_test/boom/', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('health check', () => {
  it('reports the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health-check/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', version: expect.any(String) });
  });
});

describe('error shape', () => {
  it('answers an unknown API path with a JSON detail, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('reports validation problems per field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/_test/echo/', payload: { email: 'nope', age: 'x' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['age', 'email']);
    expect(body.email[0]).toMatch(/email/i);
  });

  it('reports a missing body as a detail for the whole request', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/_test/echo/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it('never leaks internals in a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/_test/boom/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
    expect(response.body).not.toContain('secret');
  });
});

describe('web app serving', () => {
  it.each(SPA_ROUTES)('serves the app shell at %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('riskscan shell');
  });

  it('sends a Content-Security-Policy without inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404 rather than the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('tells the web app where its APIs live', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(response.json()).toEqual({ apiBaseUrl: '/api/v1', scanApiBaseUrl: '/api', paymentBaseUrl: '/payments', cmsBaseUrl: '' });
  });
});
