import { describe, expect, it } from 'vitest';
import { nextStatus, type PageVerdict } from './lifecycle.ts';

const page = (verdict: Partial<PageVerdict> = {}): PageVerdict => ({
  risky: false,
  parked: false,
  impersonates: false,
  asksForSecrets: false,
  similarity: null,
  ...verdict,
});

describe('look-alike lifecycle', () => {
  it('counts a name that resolves without a page as registered, and a DNS failure as nothing', () => {
    expect(nextStatus(null, { resolution: 'registered', page: null })).toBe('registered');
    expect(nextStatus(null, { resolution: 'unknown', page: null })).toBeNull();
    expect(nextStatus('live', { resolution: 'unknown', page: undefined })).toBeNull();
  });

  it('ignores unregistered names it never saw and marks known ones gone', () => {
    expect(nextStatus(null, { resolution: 'unregistered', page: null })).toBeNull();
    expect(nextStatus('suspicious', { resolution: 'unregistered', page: null })).toBe('gone');
    expect(nextStatus('gone', { resolution: 'unregistered', page: null })).toBeNull();
  });

  it('tells parked, live and suspicious pages apart', () => {
    expect(nextStatus(null, { resolution: 'registered', page: page({ parked: true }) })).toBe('parked');
    expect(nextStatus(null, { resolution: 'registered', page: page() })).toBe('live');
    expect(nextStatus('live', { resolution: 'registered', page: page({ risky: true }) })).toBe('suspicious');
    expect(nextStatus(null, { resolution: 'registered', page: page({ impersonates: true }) })).toBe('suspicious');
    expect(nextStatus(null, { resolution: 'registered', page: page({ asksForSecrets: true, similarity: 85 }) })).toBe('suspicious');
    expect(nextStatus(null, { resolution: 'registered', page: page({ asksForSecrets: false, similarity: 95 }) })).toBe('live');
  });

  it('keeps the status of an unchanged page, and brings a gone name back as registered', () => {
    expect(nextStatus('parked', { resolution: 'registered', page: undefined })).toBe('parked');
    expect(nextStatus('gone', { resolution: 'registered', page: undefined })).toBe('registered');
  });
});
