import '@/testing/jsdom-gaps.ts';
import type { CheckResult } from '@riskscan/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { LookalikeScans } from './lookalike-scans.tsx';
import { sampleResult } from './testing/sample-result.ts';

afterEach(() => vi.unstubAllGlobals());

const fingerprinted: CheckResult = {
  ...sampleResult,
  capture: {
    status: 'complete',
    message: '',
    screenshot: null,
    screenshot_hash: '0f0f0f0f0f0f0f0f',
    dom_simhash: '00ff00ff00ff00ff',
    favicon_hash: '1234abcd1234abcd',
    thumbnail: null,
    final_url: null,
    title: null,
    favicon: null,
    redirects: [],
    requests: [],
    console_errors: [],
    cookies: [],
    downloads: [],
    dialogs: 0,
    popups: [],
    duration_ms: 0,
  },
};

const hit = (uid: string, distance: number, thumbnail: string | null) => ({
  uid,
  url: `https://${uid}.example.test/login`,
  date: '2026-11-25T10:00:00.000Z',
  overall_risk_score: 91,
  level: 'Danger',
  host: `${uid}.example.test`,
  ip: null,
  asn: null,
  thumbnail,
  distance,
});

/** Answers `similar:` with 23 look-alikes (2 on the first page) and `structure:` with none. */
const searches = (call: FakeCall) => {
  const q = new URLSearchParams(call.search).get('q') ?? '';
  if (q.startsWith('similar:')) {
    return {
      status: 200,
      body: {
        count: 23,
        next: 'http://api.test/api/v1/search/?page=2',
        previous: null,
        results: [hit('kit-a', 0, 'http://api.test/screenshots/a.webp'), hit('kit-b', 4, null)],
      },
    };
  }
  return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
};

describe('Look-alike scans on the report', () => {
  it('says how many scans look like this and shows them with thumbnails, distances and links', async () => {
    const calls = fakeApi({ '/api/v1/search/': searches });
    renderScreen(<LookalikeScans uid="scan-sample-1" result={fingerprinted} />);
    const region = await screen.findByRole('region', { name: '23 scans look like this' });
    const visual = within(region).getByRole('group', { name: 'Screenshot' });
    const links = within(visual).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/scan/kit-a');
    expect(links[0]).toHaveTextContent('https://kit-a.example.test/login');
    expect(within(links[0]!).getByRole('presentation')).toHaveAttribute('src', 'http://api.test/screenshots/a.webp');
    expect(within(visual).getByText('No screenshot')).toBeInTheDocument();
    expect(within(visual).getByText('identical')).toBeInTheDocument();
    expect(within(visual).getByText('4 of 64 bits differ')).toBeInTheDocument();
    expect(within(visual).getByRole('link', { name: 'See all 23 scans' })).toHaveAttribute('href', '/search?q=similar%3Ascan-sample-1');
    expect(within(region).getByRole('link', { name: '1234abcd1234abcd' })).toHaveAttribute('href', '/search?q=favicon%3A1234abcd1234abcd');
    expect(within(region).queryByRole('group', { name: /Page structure/ })).toBeNull();
    const asked = calls.map((call) => new URLSearchParams(call.search).get('q'));
    expect(asked).toEqual(expect.arrayContaining(['similar:scan-sample-1', 'structure:scan-sample-1']));
  });

  it('shows nothing and asks nothing for a report without fingerprints', () => {
    const calls = fakeApi({ '/api/v1/search/': searches });
    renderScreen(<LookalikeScans uid="scan-sample-1" result={{ ...sampleResult, capture: undefined }} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(calls).toEqual([]);
  });
});
