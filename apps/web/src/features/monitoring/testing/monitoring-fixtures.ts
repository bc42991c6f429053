import type { Lookalike, Monitor } from '@riskscan/contracts';

/** A watched domain and its look-alikes as the API answers them, for the monitoring screens' tests. */
export const monitor: Monitor = {
  uid: 'm1',
  domain: 'pixelforge.app',
  keywords: [],
  alert_email: null,
  alert_email_confirmed: true,
  webhook_url: null,
  alert_mode: 'live',
  paused: false,
  check_interval: 'daily',
  created_at: '2026-11-24T10:00:00.000Z',
  next_run_at: '2026-11-25T10:00:00.000Z',
  lookalikes_count: 2,
  last_run: {
    uid: 'r1',
    status: 'done',
    trigger: 'manual',
    names_total: 4634,
    names_checked: 4634,
    found: 2,
    started_at: '2026-11-24T10:00:00.000Z',
    finished_at: '2026-11-24T10:01:00.000Z',
    error: null,
  },
};

export const lookalike = (domain: string, status: Lookalike['status'], risk: number | null): Lookalike => ({
  domain,
  fuzzer: 'transposition',
  status,
  first_seen: '2026-11-24T10:00:30.000Z',
  last_checked: '2026-11-24T10:00:30.000Z',
  dns: { a: ['192.0.2.7'], aaaa: [], mx: [], ns: ['ns1.example'] },
  registered_at: null,
  risk_score: risk,
  scan_uid: risk === null ? null : 'scan-1',
  screenshot_link: null,
  similarity: { html: 64, visual: null },
  copies: null,
  history: [{ status, at: '2026-11-24T10:00:30.000Z' }],
});
