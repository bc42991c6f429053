import { beforeEach, describe, expect, it } from 'vitest';
import { sampleResult } from '@/components/scan-result/testing/sample-result.ts';
import { SCAN_EXPIRY_MS } from './scan-constants.ts';
import { EMPTY_FORM } from './scan-form.ts';
import {
  anonymousId,
  beginScan,
  completeScan,
  discardResult,
  failScan,
  pendingScan,
  prepareRescan,
  readStoredResult,
  SCAN_EXPIRY_KEY,
} from './scan-storage.ts';

const form = { ...EMPTY_FORM, url: 'https://a.example' };
const NOW = 1_700_000_000_000;

beforeEach(() => localStorage.clear());

describe('scan storage (SPEC §3, §4)', () => {
  it('saves the loading flag, the form and a 10-minute expiry on submit', () => {
    beginScan(localStorage, form, NOW);
    expect(localStorage.getItem('isLoading')).toBe('true');
    expect(JSON.parse(localStorage.getItem('scan-form') ?? 'null')).toEqual(form);
    expect(Number(localStorage.getItem(SCAN_EXPIRY_KEY))).toBe(NOW + SCAN_EXPIRY_MS);
    expect(localStorage.getItem('expirationTime')).toBeNull();
  });

  it('stores the result and clears the pending scan on success', () => {
    beginScan(localStorage, form, NOW);
    completeScan(localStorage, sampleResult);
    expect(readStoredResult(localStorage)).toEqual(sampleResult);
    expect(localStorage.getItem('isLoading')).toBeNull();
    expect(localStorage.getItem('scan-form')).toBeNull();
  });

  it('clears form, expiry and loading flag and sets the scan-error flag on failure', () => {
    beginScan(localStorage, form, NOW);
    failScan(localStorage);
    expect(localStorage.getItem('isLoading')).toBeNull();
    expect(localStorage.getItem('scan-form')).toBeNull();
    expect(localStorage.getItem(SCAN_EXPIRY_KEY)).toBeNull();
    expect(localStorage.getItem('scan-error')).toBe('true');
  });

  it('resumes a pending scan only while loading, without a scan error and before the expiry', () => {
    beginScan(localStorage, form, NOW);
    expect(pendingScan(localStorage, NOW + SCAN_EXPIRY_MS - 1)).toEqual(form);

    localStorage.setItem('scan-error', 'true');
    expect(pendingScan(localStorage, NOW + 1)).toBeNull();
  });

  it('drops a pending scan once its 10 minutes have passed', () => {
    beginScan(localStorage, form, NOW);
    expect(pendingScan(localStorage, NOW + SCAN_EXPIRY_MS)).toBeNull();
    expect(localStorage.getItem('isLoading')).toBeNull();
    expect(localStorage.getItem('scan-form')).toBeNull();
  });

  it('ignores a stored result that is not a report', () => {
    localStorage.setItem('check-result', '{"url":"x"}');
    expect(readStoredResult(localStorage)).toBeNull();
    localStorage.setItem('check-result', 'not json');
    expect(readStoredResult(localStorage)).toBeNull();
  });

  it("'Initiate Scan' drops the result, sets loading and stores the form with new=true", () => {
    completeScan(localStorage, sampleResult);
    const rescan = prepareRescan(localStorage, form, NOW);
    expect(rescan.new).toBe(true);
    expect(readStoredResult(localStorage)).toBeNull();
    expect(localStorage.getItem('isLoading')).toBe('true');
    expect(JSON.parse(localStorage.getItem('scan-form') ?? '{}').new).toBe(true);
  });

  it("'Scan another website' forgets the result and any error", () => {
    completeScan(localStorage, sampleResult);
    localStorage.setItem('scan-error', 'true');
    discardResult(localStorage);
    expect(readStoredResult(localStorage)).toBeNull();
    expect(localStorage.getItem('scan-error')).toBeNull();
  });

  it('creates the anonymous free-scan id once and keeps it', () => {
    const first = anonymousId(localStorage, () => 'id-1');
    expect(anonymousId(localStorage, () => 'id-2')).toBe(first);
    expect(localStorage.getItem('freescan-uid')).toBe('id-1');
  });
});
