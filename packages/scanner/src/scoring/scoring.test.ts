import type { CheckCategory, CheckDetail } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import type { Check } from '../checks/check.ts';
import { CORE_CHECKS } from '../checks/registry.ts';
import { EXTENDED_CATEGORIES } from '../checks/registry.ts';
import { categoryScore } from './category-score.ts';
import { CLASSIFICATION_RULES } from './classification-rules.ts';
import { classify } from './classify.ts';
import { overallScore } from './overall-score.ts';
import { riskLevelForScore as riskLevel } from '@riskscan/contracts';
import { applyProfile, defaultScanProfile } from '../checks/scan-profile.ts';

const detail = (name: string, risk_score: number, is_active = true): CheckDetail => ({
  name,
  title: name,
  message: 'm',
  background_info: 'b',
  explanation: 'e',
  risk_score,
  is_active,
});
const category = (name: string, details: CheckDetail[]): CheckCategory => ({ category: name, risk_score: 0, details });

describe('overallScore', () => {
  it('is 0 without findings', () => {
    expect(overallScore([category('A', [detail('a', 0), detail('b', 0)])])).toBe(0);
  });

  it('lets one decisive finding reach Danger alone, however many clean details surround it', () => {
    const clean = Array.from({ length: 30 }, (_, index) => detail(`clean${index}`, 0));
    expect(riskLevel(overallScore([category('A', [...clean, detail('brand_login', 90)])]))).toBe('Danger');
  });

  it('keeps many weak findings at Good', () => {
    const weak = Array.from({ length: 20 }, (_, index) => detail(`weak${index}`, 25));
    expect(riskLevel(overallScore([category('A', weak)]))).toBe('Good');
  });

  it('keeps medium findings without a strong one below Danger, but lets them add up to Risky', () => {
    const medium = [detail('a', 55), detail('b', 50), detail('c', 45), detail('d', 40)];
    const score = overallScore([category('A', medium)]);
    expect(score).toBeLessThan(80);
    expect(score).toBeGreaterThanOrEqual(60);
  });

  it('never scores below the strongest finding and never above 100', () => {
    expect(overallScore([category('A', [detail('a', 65), detail('b', 5)])])).toBeGreaterThanOrEqual(65);
    expect(overallScore([category('A', [detail('a', 100), detail('b', 100)])])).toBe(100);
  });

  it('ignores inactive details', () => {
    expect(overallScore([category('A', [detail('a', 95, false), detail('b', 10)])])).toBe(10);
  });
});

describe('categoryScore', () => {
  const details = [detail('a', 60), detail('b', 0), detail('c', 0), detail('d', 20, false)];
  it('averages what was found, or everything active with count_zero_values', () => {
    expect(categoryScore(details, { countZeroValues: false })).toBe(60);
    expect(categoryScore(details, { countZeroValues: true })).toBe(20);
  });
});

describe('classify', () => {
  it('names classes from their evidence, with descriptions, most severe first', () => {
    const classes = classify([category('P', [detail('page_brand_impersonation', 90), detail('page_obfuscated_script', 45)])]);
    expect(classes.map((entry) => entry.name)).toEqual(['Phishing', 'Brand impersonation', 'Obfuscated code']);
    expect(classes.every((entry) => entry.description.length > 30)).toBe(true);
  });

  it('classifies strong fake-shop and giveaway findings as Scam, weak ones as nothing', () => {
    expect(classify([category('P', [detail('page_fake_shop', 70)])]).map((entry) => entry.name)).toEqual(['Scam']);
    expect(classify([category('B', [detail('page_giveaway_scam', 90)])]).map((entry) => entry.name)).toEqual(['Scam']);
    expect(classify([category('P', [detail('page_fake_shop', 20), detail('page_giveaway_scam', 45)])])).toEqual([]);
  });

  it('needs the rule\u2019s minimum score and an active detail', () => {
    expect(classify([category('P', [detail('page_brand_impersonation', 30)])])).toEqual([]);
    expect(classify([category('P', [detail('page_fake_captcha', 95, false)])])).toEqual([]);
  });
});

describe('scan profiles', () => {
  it('the default profile lists every detail of every check as active', () => {
    const profile = defaultScanProfile(CORE_CHECKS);
    expect(profile.is_default).toBe(true);
    expect(profile.checks.map((check) => check.category)).toEqual(CORE_CHECKS.map((check: Check) => check.category));
    expect(profile.checks.flatMap((check) => check.details).every((entry) => entry.is_active)).toBe(true);
    expect(profile.checks.flatMap((check) => check.details.map((entry) => entry.name))).toEqual(
      expect.arrayContaining(['page_fake_shop', 'page_giveaway_scam', 'page_fake_captcha', 'page_tech_support_scam']),
    );
    expect(profile.additional_checks.map((entry) => entry.code).sort()).toEqual([
      'dns_checks',
      'ip_checks',
      'page_checks',
      'webtech_check',
    ]);
  });

  it('switches details off and recomputes category scores with count_zero_values', () => {
    const categories = [category('A', [detail('a', 60), detail('b', 0), detail('c', 30)])];
    const profile = {
      ...defaultScanProfile([]),
      count_zero_values: true,
      checks: [{ category: 'A', details: [{ name: 'c', title: 'c', is_active: false }] }],
    };
    const [applied] = applyProfile(categories, profile);
    expect(applied?.details.map((entry) => entry.is_active)).toEqual([true, true, false]);
    expect(applied?.risk_score).toBe(30);
    expect(applyProfile(categories, { ...profile, count_zero_values: false })[0]?.risk_score).toBe(60);
  });

  it('every classification rule names details that exist, and detail names are unique', () => {
    const names = [...CORE_CHECKS, ...EXTENDED_CATEGORIES].flatMap((check) => check.details.map((entry) => entry.name));
    expect(new Set(names).size).toBe(names.length);
    for (const rule of CLASSIFICATION_RULES) for (const name of Object.keys(rule.evidence)) expect(names).toContain(name);
  });
});
