import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, versionInRange } from './version-range.ts';

const compare = (left: string, right: string) => compareVersions(parseVersion(left)!, parseVersion(right)!);

describe('parseVersion', () => {
  it('reads dotted versions, pre-release labels and drops build metadata', () => {
    expect(parseVersion('3.4.1')).toEqual({ parts: [3, 4, 1], prerelease: null });
    expect(parseVersion('v1.13.0-rc.1')).toEqual({ parts: [1, 13, 0], prerelease: 'rc.1' });
    expect(parseVersion('7')).toEqual({ parts: [7], prerelease: null });
    expect(parseVersion('5.6.40+deb8u1')).toEqual({ parts: [5, 6, 40], prerelease: null });
  });

  it('refuses what is not a version', () => {
    expect(parseVersion('3a5f1b2')).toBeNull();
    expect(parseVersion('latest')).toBeNull();
    expect(parseVersion('')).toBeNull();
  });
});

describe('compareVersions', () => {
  it('compares segments numerically, not as text', () => {
    expect(compare('1.10.0', '1.9.1')).toBe(1);
    expect(compare('4.17.21', '4.17.4')).toBe(1);
    expect(compare('2.29.3', '2.29.4')).toBe(-1);
  });

  it('treats missing segments as zero', () => {
    expect(compare('3.5', '3.5.0')).toBe(0);
    expect(compare('3', '3.0.1')).toBe(-1);
  });

  it('sorts pre-releases before their release, numbers before words', () => {
    expect(compare('3.5.0-beta1', '3.5.0')).toBe(-1);
    expect(compare('1.13.0-rc.2', '1.13.0-rc.10')).toBe(-1);
    expect(compare('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(compare('1.0.0-1', '1.0.0-alpha')).toBe(-1);
    expect(compare('1.0.0-rc.1', '1.0.0-beta.2')).toBe(1);
  });
});

describe('versionInRange', () => {
  const jqueryXss = { from: '1.2.0', before: '3.5.0' };

  it('includes the lower bound and excludes the fixed version', () => {
    expect(versionInRange('1.2.0', jqueryXss)).toBe(true);
    expect(versionInRange('3.4.1', jqueryXss)).toBe(true);
    expect(versionInRange('3.5.0', jqueryXss)).toBe(false);
    expect(versionInRange('1.1.4', jqueryXss)).toBe(false);
    expect(versionInRange('3.5.0-rc1', jqueryXss)).toBe(true);
  });

  it('matches a partial version only when every release it may be is affected', () => {
    expect(versionInRange('3', jqueryXss)).toBe(false);
    expect(versionInRange('3.4', jqueryXss)).toBe(true);
    expect(versionInRange('7', { from: '7', before: '8' })).toBe(true);
    expect(versionInRange('4', { from: '4.0.0', before: '4.3.1' })).toBe(false);
  });

  it('matches open-ended ranges and needs a version for bounded ones', () => {
    expect(versionInRange('0.9', { before: '3.4.0' })).toBe(true);
    expect(versionInRange(null, {})).toBe(true);
    expect(versionInRange(null, { before: '3.4.0' })).toBe(false);
    expect(versionInRange('3a5f1b2', { before: '3.4.0' })).toBe(false);
  });

  it('rejects a range whose bounds are not versions', () => {
    expect(() => versionInRange('1.0', { before: 'soon' })).toThrow(/Invalid version bound/);
  });
});
