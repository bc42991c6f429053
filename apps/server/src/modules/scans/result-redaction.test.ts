import type { CheckResult } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { redactResultSecrets, redactSecrets, scanSecrets } from './result-redaction.ts';

const TOKEN = 'Zk3qP9xLm2Rt7vWbQ8';
const URL_WITH_TOKEN = `https://docs.example.com/reset/${TOKEN}?session=s3cr3t-value&lang=en`;

/** Only the parts redaction reads; the rest of a report is passed through as it is. */
const report = {
  url: URL_WITH_TOKEN,
  final_url: `https://docs.example.com/welcome?session=s3cr3t-value`,
  redirect_chain: [URL_WITH_TOKEN],
  overall_risk: 10,
  capture: {
    title: `Reset your password (${TOKEN})`,
    final_url: URL_WITH_TOKEN,
    requests: [{ url: `https://cdn.example.net/pixel.gif?ref=${encodeURIComponent(URL_WITH_TOKEN)}`, bytes: 43 }],
    redirects: [{ from: URL_WITH_TOKEN, to: 'https://docs.example.com/welcome?session=s3cr3t-value', kind: 'http', status: 302 }],
  },
  checks: [{ category: 'page', details: [{ message: `The form posts to /reset/${TOKEN}/confirm.` }] }],
} as unknown as CheckResult;

describe('redacting a report’s secrets wherever they appear', () => {
  it('finds the secret parts of the scanned addresses, as written and decoded', () => {
    expect(scanSecrets(report)).toEqual(expect.arrayContaining([TOKEN, 's3cr3t-value']));
    expect(scanSecrets(report)).not.toContain('en');
    expect(scanSecrets({ url: 'https://sunny-garden-blog.com/?a=1' })).toEqual([]);
  });

  it('redacts them in the capture, the redirects, the details and the addresses, and nowhere else', () => {
    const redacted = redactResultSecrets(report);
    const text = JSON.stringify(redacted);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('s3cr3t-value');
    expect(redacted.url).toBe('https://docs.example.com/reset/[redacted]?session=[redacted]&lang=en');
    expect(redacted.capture?.title).toBe('Reset your password ([redacted])');
    expect(redacted.checks[0]!.details[0]!.message).toBe('The form posts to /reset/[redacted]/confirm.');
    expect(redacted.overall_risk).toBe(10);
  });

  it('leaves a report without secrets as it was, and text without them untouched', () => {
    const plain = { ...report, url: 'https://sunny-garden-blog.com/', final_url: undefined, redirect_chain: [] } as unknown as CheckResult;
    expect(redactResultSecrets(plain).capture).toBe(plain.capture);
    expect(redactSecrets('<title>Welcome</title>', [TOKEN])).toBe('<title>Welcome</title>');
  });
});
