import { describe, expect, it } from 'vitest';
import { manifestEntry, mispEvent } from './misp-event.ts';
import { type Finding, indicatorId } from './stix-indicator.ts';

const finding: Finding = {
  uuid: '5b0e8f5c-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  scope: '',
  kind: 'url',
  value: 'https://paypal-account-verify.xyz/login',
  description: 'A public riskscan scan rated this URL Danger (score 93).',
  indicatorType: 'malicious-activity',
  confidence: 93,
  firstSeen: new Date('2026-11-01T10:00:00Z'),
  lastSeen: new Date('2026-11-03T10:00:00Z'),
  validUntil: new Date('2026-12-03T10:00:00Z'),
  revoked: false,
  version: new Date('2026-11-03T10:00:00Z'),
  added: new Date('2026-11-03T10:00:00Z'),
  key: 'https://paypal-account-verify.xyz/login',
};

describe('a finding as a MISP event', () => {
  it('is one event named like the STIX indicator, for detection while valid', () => {
    const { Event: event } = mispEvent(finding, new Date('2026-11-20T00:00:00Z'));
    expect(indicatorId(finding)).toBe(`indicator--${event.uuid}`);
    expect(event).toMatchObject({ date: '2026-11-01', threat_level_id: '1', timestamp: String(Date.parse('2026-11-03T10:00:00Z') / 1000) });
    expect(event.Attribute).toEqual([expect.objectContaining({ type: 'url', value: finding.value, to_ids: true })]);
  });

  it('changes with each version of the finding: expired or retracted, to_ids turns false and the timestamp moves', () => {
    const valid = mispEvent(finding, new Date('2026-11-20T00:00:00Z'));
    // The source dates an expired finding's version at its expiry.
    const expiredVersion = { ...finding, version: finding.validUntil, added: finding.validUntil };
    const ended = mispEvent(expiredVersion, new Date('2026-12-10T00:00:00Z'));
    expect(ended.Event.Attribute[0]!.to_ids).toBe(false);
    expect(ended.Event.timestamp).toBe(String(Date.parse('2026-12-03T10:00:00Z') / 1000));
    expect(Number(ended.Event.timestamp)).toBeGreaterThan(Number(valid.Event.timestamp));
    expect(manifestEntry(ended)[ended.Event.uuid]!.timestamp).toBe(Number(ended.Event.timestamp));
    const retractedAt = new Date('2026-11-05T10:00:00Z');
    const retracted = mispEvent(
      { ...finding, revoked: true, validUntil: retractedAt, version: retractedAt },
      new Date('2026-11-20T00:00:00Z'),
    );
    expect(retracted.Event.Attribute[0]).toMatchObject({ to_ids: false, comment: expect.stringContaining('Retracted') });
    expect(retracted.Event.uuid).toBe(valid.Event.uuid);
  });
});
