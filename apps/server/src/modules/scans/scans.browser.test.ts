import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** The one scan-service test with Chromium: the API scan renders the page and links a screenshot we serve. */
let t: ScanTestWorld;
let token: string;

beforeAll(async () => {
  t = await startScanTestWorld({ browser: true, env: { SCAN_LOCATION: 'de' } });
  token = (await t.signedInUser()).token;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/check-url/ with the browser', () => {
  it('renders the site and answers a screenshot link that serves the picture', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url: FIXTURE_URL, new: 'true' },
      // The site opened by IP, not by PUBLIC_URL: the report's links must work from there.
      headers: { ...bearer(token), host: '127.0.0.1:4321' },
    });
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.geo_location).toEqual({ country_name: 'Germany', country_flag: 'http://127.0.0.1:4321/flags/de.svg' });
    const link = new URL(report.screenshot_link);
    expect(link.origin).toBe('http://127.0.0.1:4321');
    expect(link.pathname).toMatch(/^\/screenshots\/[0-9a-f]+.*\.webp$/);
    const picture = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });
});
