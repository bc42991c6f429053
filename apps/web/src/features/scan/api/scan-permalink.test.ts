import '@/testing/jsdom-gaps.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api.ts';
import { downloadScan } from './scan-permalink.ts';

/** What the browser was handed to save: the file name and the text. */
function recordDownloads(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  let pending: Blob | null = null;
  URL.createObjectURL = (blob: Blob) => ((pending = blob), 'blob:x');
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: pending! });
  });
  return saved;
}

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

afterEach(() => {
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadScan', () => {
  it('saves the HAR log as JSON and the DOM as the HTML text the server sent', async () => {
    const html = '<html><head><title>Shop</title></head><body>Hi</body></html>';
    const calls = fakeApi({
      '/api/v1/scans/s1/export/': (call) => {
        const format = new URLSearchParams(call.search).get('format');
        return { status: 200, body: format === 'har' ? { log: { version: '1.2', entries: [] } } : html };
      },
    });
    const saved = recordDownloads();
    await downloadScan('s1', 'har');
    await downloadScan('s1', 'dom');
    expect(calls.map((call) => new URLSearchParams(call.search).get('format'))).toEqual(['har', 'dom']);
    expect(saved.map((file) => file.name)).toEqual(['riskscan-s1.har', 'riskscan-s1.dom.txt']);
    expect(JSON.parse(await saved[0]!.blob.text()).log.version).toBe('1.2');
    expect(await saved[1]!.blob.text()).toBe(html);
    // Inert: plain text under a .txt name, so a saved copy never opens as a page that runs scripts.
    expect(saved[1]!.blob.type).toMatch(/^text\/plain/);
  });
});
