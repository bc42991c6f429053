import type { ScanProfile } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { activeCount, draftOf, setAdditional, setCategory, setDetail } from './profile-draft.ts';

const profile: ScanProfile = {
  uid: 'p1',
  name: 'Default',
  is_default: true,
  count_zero_values: false,
  checks: [
    {
      category: 'Domain',
      details: [
        { name: 'age', title: 'Domain age', is_active: true },
        { name: 'tld', title: 'TLD', is_active: true },
      ],
    },
    { category: 'Content', details: [{ name: 'forms', title: 'Forms', is_active: false }] },
  ],
  additional_checks: [
    { code: 'webtech_check', is_active: true },
    { code: 'dns_checks', is_active: false },
  ],
};

describe('scan profile edits', () => {
  it('switches one detail, leaving the rest', () => {
    const next = setDetail(profile, 'Domain', 'tld', false);
    expect(next.checks[0]?.details.map((d) => d.is_active)).toEqual([true, false]);
    expect(next.checks[1]).toBe(profile.checks[1]);
    expect(profile.checks[0]?.details[1]?.is_active).toBe(true);
  });
  it('switches a whole category', () => {
    expect(activeCount(setCategory(profile, 'Domain', false).checks[0]?.details ?? [])).toBe(0);
    expect(activeCount(setCategory(profile, 'Content', true).checks[1]?.details ?? [])).toBe(1);
  });
  it('switches an additional check', () => {
    expect(setAdditional(profile, 'dns_checks', true).additional_checks).toEqual([
      { code: 'webtech_check', is_active: true },
      { code: 'dns_checks', is_active: true },
    ]);
  });
  it('saves without the uid', () => {
    expect(draftOf(profile)).not.toHaveProperty('uid');
    expect(draftOf(profile).name).toBe('Default');
  });
});
