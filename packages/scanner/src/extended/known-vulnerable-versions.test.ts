import { describe, expect, it } from 'vitest';
import { bundledKnownVulnerabilities, findVulnerableVersions, parseKnownVulnerabilities } from './known-vulnerable-versions.ts';
import { evaluateWebtech } from '../checks/webtech-check.ts';
import { bundledFingerprints } from './webtech-fingerprints.ts';

const NOW = new Date('2026-11-21T08:00:00Z');
const tech = (name: string, version: string | null) => ({ name, version, categories: [] });

describe('the bundled list', () => {
  const known = bundledKnownVulnerabilities();

  it('names only technologies the fingerprints detect, with versions they can reveal', () => {
    const fingerprints = new Map(bundledFingerprints().map((fingerprint) => [fingerprint.name, fingerprint]));
    for (const entry of known) {
      const fingerprint = fingerprints.get(entry.technology);
      expect(fingerprint, entry.technology).toBeDefined();
      if (entry.from === undefined && entry.before === undefined) continue;
      const patterns = [
        ...fingerprint!.scriptSrc,
        ...fingerprint!.html,
        ...[...fingerprint!.headers, ...fingerprint!.js, ...fingerprint!.meta].flatMap(([, list]) => list),
      ];
      expect(
        patterns.some((pattern) => pattern.version !== null),
        `${entry.technology} has no versioned pattern`,
      ).toBe(true);
    }
  });

  it('gives CVE entries a fixed release and end-of-life entries a date', () => {
    for (const entry of known) {
      if (entry.fixed === null) expect(entry.endOfLife, entry.advisory).toBeDefined();
      else expect(entry.advisory, entry.technology).toMatch(/^CVE-\d{4}-\d{4,}(, CVE-\d{4}-\d{4,})*$/);
    }
  });

  it('rejects an entry whose bounds are not versions', () => {
    const entry = { technology: 'jQuery', before: 'soon', fixed: '3.5.0', advisory: 'CVE-1', severity: 'medium', summary: 'x' };
    expect(() => parseKnownVulnerabilities({ entries: [entry] })).toThrow(/not a dotted version/);
  });
});

describe('findVulnerableVersions', () => {
  const known = bundledKnownVulnerabilities();
  const advisoriesOf = (name: string, version: string | null, now = NOW) =>
    findVulnerableVersions([tech(name, version)], known, now).flatMap((found) => found.advisories.map((entry) => entry.advisory));

  it('finds every jQuery advisory below the fixed releases and none from 3.5.0', () => {
    expect(advisoriesOf('jQuery', '1.12.4')).toEqual(['CVE-2020-11022', 'CVE-2020-11023', 'CVE-2019-11358']);
    expect(advisoriesOf('jQuery', '3.4.1')).toEqual(['CVE-2020-11022', 'CVE-2020-11023']);
    expect(advisoriesOf('jQuery', '3.5.0')).toEqual([]);
    expect(advisoriesOf('jQuery', '3.7.1')).toEqual([]);
    expect(advisoriesOf('jQuery', null)).toEqual([]);
  });

  it('keeps Bootstrap 3 and 4 ranges apart', () => {
    expect(advisoriesOf('Bootstrap', '3.3.7')).toEqual(['CVE-2018-20676, CVE-2018-20677', 'CVE-2019-8331']);
    expect(advisoriesOf('Bootstrap', '3.4.1')).toEqual([]);
    expect(advisoriesOf('Bootstrap', '4.3.0')).toEqual(['CVE-2019-8331']);
    expect(advisoriesOf('Bootstrap', '4.3.1')).toEqual([]);
    expect(advisoriesOf('Bootstrap', '5.0.0')).toEqual([]);
  });

  it('applies end of life from its date, with or without a version', () => {
    expect(advisoriesOf('AngularJS', null)).toEqual(['AngularJS end of life']);
    expect(advisoriesOf('PHP', '8.1.29')).toEqual(['PHP 8.1 end of life']);
    expect(advisoriesOf('PHP', '8.1.29', new Date('2025-06-01T00:00:00Z'))).toEqual([]);
    expect(advisoriesOf('PHP', '8.2.20')).toEqual([]);
    expect(advisoriesOf('PHP', '8.2.20', new Date('2027-01-01T00:00:00Z'))).toEqual(['PHP 8.2 end of life']);
    expect(advisoriesOf('PHP', '8.3.1')).toEqual([]);
    expect(advisoriesOf('Drupal', '7')).toEqual(['Drupal 7 end of life']);
  });

  it('matches versions numerically, not as text', () => {
    expect(advisoriesOf('Lodash', '4.17.4')).toEqual(['CVE-2019-10744', 'CVE-2021-23337']);
    expect(advisoriesOf('Lodash', '4.17.21')).toEqual([]);
    expect(advisoriesOf('Moment.js', '2.9.0')).toEqual([]);
    expect(advisoriesOf('Moment.js', '2.29.3')).toEqual(['CVE-2022-31129']);
  });
});

describe('evaluateWebtech', () => {
  it('names technology, version, advisory and fix in one plain message with the highest severity', () => {
    const finding = evaluateWebtech(
      [tech('jQuery', '3.4.1'), tech('Lodash', '4.17.20'), tech('Nginx', '1.24.0')],
      bundledKnownVulnerabilities(),
      NOW,
    );
    expect(finding.webtech_vulnerable_version?.risk_score).toBe(20);
    expect(finding.webtech_vulnerable_version?.message).toBe(
      'jQuery 3.4.1 is affected by CVE-2020-11022 (fixed in 3.5.0): HTML from untrusted sources passed to its DOM methods (.html(), .append() and others) can run scripts (XSS). ' +
        'jQuery 3.4.1 is affected by CVE-2020-11023 (fixed in 3.5.0): HTML containing <option> elements from untrusted sources passed to its DOM methods can run scripts (XSS). ' +
        'Lodash 4.17.20 is affected by CVE-2021-23337 (fixed in 4.17.21): _.template can run code injected through its options (code injection).',
    );
  });

  it('says so when a version is past end of life, and nothing for current software', () => {
    expect(evaluateWebtech([tech('PHP', '7.4.33')], bundledKnownVulnerabilities(), NOW).webtech_vulnerable_version).toEqual({
      risk_score: 15,
      message: 'PHP 7.4.33 is at end of life: PHP 7.4 gets no security fixes since 28 November 2022.',
    });
    expect(evaluateWebtech([tech('PHP', '8.4.1'), tech('jQuery', '3.7.1')], bundledKnownVulnerabilities(), NOW)).toEqual({});
  });
});
