import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { sampleResult } from '@/components/scan-result/testing/sample-result.ts';
import { EMPTY_FORM } from './scan-form.ts';
import { runScan, type ScanDeps } from './scan-runner.ts';
import { readStoredResult } from './scan-storage.ts';

const form = { ...EMPTY_FORM, url: 'https://a.example' };

function deps(overrides: Partial<ScanDeps> = {}): ScanDeps {
  return {
    storage: localStorage,
    now: () => 1000,
    healthCheck: vi.fn(async () => undefined),
    checkUrl: vi.fn(async () => ({ status: 'done', data: sampleResult })),
    ...overrides,
  };
}

beforeEach(() => localStorage.clear());

describe('runScan (SPEC §4)', () => {
  it('checks health, scans and stores the result', async () => {
    const d = deps();
    await expect(runScan(form, d)).resolves.toEqual({ kind: 'result', result: sampleResult });
    expect(d.healthCheck).toHaveBeenCalledBefore(d.checkUrl as never);
    expect(readStoredResult(localStorage)).toEqual(sampleResult);
    expect(localStorage.getItem('isLoading')).toBeNull();
  });

  it("says 'Server Updating now!' and never scans when the health check fails", async () => {
    const d = deps({ healthCheck: vi.fn(async () => Promise.reject(new ApiError(503, null))) });
    await expect(runScan(form, d)).resolves.toEqual({ kind: 'failed', message: 'Server Updating now!', membershipExpired: false });
    expect(d.checkUrl).not.toHaveBeenCalled();
    expect(localStorage.getItem('scan-error')).toBe('true');
  });

  it('reports the server detail and flags the membership', async () => {
    const d = deps({ checkUrl: vi.fn(async () => Promise.reject(new ApiError(403, { detail: 'Your membership has expired.' }))) });
    await expect(runScan(form, d)).resolves.toEqual({ kind: 'failed', message: 'Your membership has expired.', membershipExpired: true });
  });

  it.each([
    [{ url: ['Enter a valid URL.'] }, 'Enter a valid URL.'],
    [{ proxy: ['Unknown proxy.'] }, 'Unknown proxy.'],
    [{ user_agent: ['Unknown user agent.'] }, 'Unknown user agent.'],
  ])('reports the field error %j', async (body, message) => {
    const d = deps({ checkUrl: vi.fn(async () => Promise.reject(new ApiError(400, body))) });
    await expect(runScan(form, d)).resolves.toMatchObject({ kind: 'failed', message, membershipExpired: false });
  });

  it('falls back to the generic scan failure text', async () => {
    const d = deps({ checkUrl: vi.fn(async () => Promise.reject(new TypeError('network down'))) });
    const outcome = await runScan(form, d);
    expect(outcome).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^Oops! We couldn't scan the site this time\./) });
  });

  it('offers the recently-scanned choice unless the scan was forced', async () => {
    const recent = { ...sampleResult, recently_scanned: true };
    const d = deps({ checkUrl: vi.fn(async () => ({ status: 'done', data: recent })) });
    await expect(runScan(form, d)).resolves.toEqual({ kind: 'recent', result: recent, form });
    await expect(runScan({ ...form, new: true }, d)).resolves.toEqual({ kind: 'result', result: recent });
  });

  it('leaves the pending scan in place when the page goes away mid-scan', async () => {
    const controller = new AbortController();
    const d = deps({
      signal: controller.signal,
      checkUrl: vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    });
    await expect(runScan(form, d)).resolves.toEqual({ kind: 'aborted' });
    expect(localStorage.getItem('isLoading')).toBe('true');
    expect(localStorage.getItem('scan-error')).toBeNull();
  });
});
