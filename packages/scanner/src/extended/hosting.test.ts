import type { Capture } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { annotateRequestHosts, hostingOf } from './hosting.ts';

describe('hostingOf', () => {
  it("names the address's country and AS from the bundled tables", async () => {
    const hosting = await hostingOf('8.8.8.8');
    expect(hosting).toMatchObject({ ip: '8.8.8.8', country_code: 'US', country_name: 'United States', asn: 15169 });
    expect(hosting.as_name).toMatch(/google/i);
  });

  it('knows nothing of private addresses', async () => {
    expect(await hostingOf('127.0.0.1')).toEqual({ ip: '127.0.0.1', country_code: null, country_name: null, asn: null, as_name: null });
  });
});

describe('annotateRequestHosts', () => {
  it('gives each request the country and AS of its address, and nulls to requests without one', async () => {
    const request = { method: 'GET', status: 200, resource_type: 'script', bytes: 10, blocked: false };
    const capture = {
      requests: [
        { ...request, url: 'https://dns.example/a.js', remote_ip: '8.8.8.8' },
        { ...request, url: 'https://refused.example/b.js', remote_ip: null, status: null, blocked: true },
      ],
    } as Capture;
    const [known, refused] = (await annotateRequestHosts(capture)).requests;
    expect(known).toMatchObject({ country_code: 'US', asn: 15169 });
    expect(refused).toMatchObject({ country_code: null, asn: null, as_name: null });
  });
});
