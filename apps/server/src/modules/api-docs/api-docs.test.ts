import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('API reference', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/check-url/',
      '/api/v1/scans/',
      '/api/v1/scans/{uid}/',
      '/api/v1/scan-history/',
      '/api/recent-scans/',
      '/api/v1/api-keys/',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    const parameters = document.paths['/api/v1/check-url/'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['url', 'private', 'new', 'proxy', 'user_agent', 'scan_profile', 'freescan_uid']));
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'Authorization' });
  });

  it('serves the reference page with its scripts from files, under the strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toContain('src="/api/docs/static/');
      expect(inline!.trim()).toBe('');
    }
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('SwaggerUIBundle');
  });
});
