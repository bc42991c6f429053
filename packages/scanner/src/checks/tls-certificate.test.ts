import { describe, expect, it } from 'vitest';
import { html, runCheck, scoreOf } from '../testing/check-harness.ts';
import { tlsCertificateCheck } from './tls-certificate.ts';

const page = html('<p>Hello</p>');
const check = (url: string, tls: Parameters<typeof runCheck>[1]['tls'] = {}) => runCheck(tlsCertificateCheck, { url, html: page, tls });

describe('TLS certificate', () => {
  it('finds nothing on a trusted, matching, settled certificate', () => {
    expect(check('https://example.org/').details.every((detail) => detail.risk_score === 0)).toBe(true);
  });

  it('flags a page served without https', () => {
    expect(scoreOf(check('http://example.org/'), 'tls_missing')).toBeGreaterThan(0);
  });

  it('says nothing about a certificate on a plain-http page: its details are not run, with why', () => {
    const certificate = check('http://example.org/').details.filter((detail) => detail.name !== 'tls_missing');
    expect(certificate.length).toBeGreaterThan(0);
    for (const detail of certificate) {
      expect(detail.not_run).toBe(true);
      expect(detail.risk_score).toBe(0);
      expect(detail.message).toBe('Not run: the page is served over plain http, so there is no certificate to check.');
    }
  });

  it('flags an untrusted chain', () => {
    expect(
      scoreOf(check('https://example.org/', { trusted: false, error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }), 'tls_invalid'),
    ).toBeGreaterThanOrEqual(40);
  });

  it('flags a self-signed certificate (and not also as merely untrusted)', () => {
    const category = check('https://example.org/', { trusted: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT', selfSigned: true });
    expect(scoreOf(category, 'tls_self_signed')).toBeGreaterThanOrEqual(50);
    expect(scoreOf(category, 'tls_invalid')).toBe(0);
  });

  it('flags an expired certificate', () => {
    expect(
      scoreOf(
        check('https://example.org/', { trusted: false, error: 'CERT_HAS_EXPIRED', expired: true, validTo: '2026-01-01T00:00:00.000Z' }),
        'tls_expired',
      ),
    ).toBeGreaterThan(30);
  });

  it('flags a certificate for another name', () => {
    const category = check('https://example.org/', {
      trusted: false,
      hostnameMatches: false,
      subject: 'other.example.net',
      subjectAltNames: ['other.example.net'],
    });
    expect(scoreOf(category, 'tls_name_mismatch')).toBeGreaterThanOrEqual(50);
  });

  it('flags certificates issued days ago more than weeks ago', () => {
    const fresh = scoreOf(check('https://example.org/', { daysSinceIssue: 2 }), 'tls_recently_issued');
    const recent = scoreOf(check('https://example.org/', { daysSinceIssue: 20 }), 'tls_recently_issued');
    expect(fresh).toBeGreaterThan(recent);
    expect(recent).toBeGreaterThan(0);
  });
});
