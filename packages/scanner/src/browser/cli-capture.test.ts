import type { Capture } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { formatCapture } from './cli-capture.ts';

const capture: Capture = {
  status: 'complete',
  message: 'The page was rendered in a browser and captured.',
  screenshot: 'data/screenshots/ab.webp',
  thumbnail: 'data/screenshots/cd.webp',
  final_url: 'https://shop.example/',
  title: 'Shop',
  favicon: null,
  redirects: [{ from: 'http://shop.example/', to: 'https://shop.example/', kind: 'http', status: 301 }],
  requests: [
    {
      url: 'https://shop.example/',
      method: 'GET',
      status: 200,
      resource_type: 'document',
      remote_ip: '203.0.113.5',
      bytes: 900,
      blocked: false,
    },
    { url: 'http://10.0.0.1/', method: 'GET', status: null, resource_type: 'image', remote_ip: null, bytes: 0, blocked: true },
  ],
  console_errors: [],
  cookies: [],
  downloads: [
    {
      url: 'https://shop.example/a.exe',
      file_name: 'a.exe',
      mime_type: 'application/x-msdownload',
      size: 10,
      sha256: 'f00',
      truncated: false,
    },
  ],
  dialogs: 0,
  popups: [],
  duration_ms: 1234,
};

describe('formatCapture', () => {
  it('prints the screenshot path and a summary of the capture for the CLI', () => {
    expect(formatCapture(capture)).toEqual([
      'Browser:    complete in 1.2 s: The page was rendered in a browser and captured.',
      'Screenshot: data/screenshots/ab.webp',
      'Title:      Shop',
      'Requests:   2 (1 blocked), redirects 1, cookies 0, console errors 0',
      'Download:   a.exe (application/x-msdownload, 10 bytes, sha256 f00)',
    ]);
  });

  it('says plainly when there was no browser', () => {
    expect(formatCapture({ ...capture, status: 'unavailable', message: 'No Chromium was found.', screenshot: null })).toEqual([
      'Browser:    unavailable in 1.2 s: No Chromium was found.',
      'Screenshot: none',
    ]);
    expect(formatCapture(undefined)).toEqual([]);
  });
});
