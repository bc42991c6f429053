import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { scanCommand } from './scan-command.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = fileURLToPath(new URL('./scan-cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

let server: http.Server;
let dns: LoopbackDns;
let url: string;

beforeAll(async () => {
  server = http.createServer((_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<!doctype html><title>PayPal: Log in</title><script src="/js/jquery-1.12.4.min.js"></script>' +
          '<form action="https://drop.example.ru/p"><input type="password" name="p"></form><a href="/help">Help</a>',
      ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dns = await startLoopbackDns({ 'paypal-help-desk.com': ['127.0.0.1'] });
  url = `http://paypal-help-desk.com:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await dns.close();
  await new Promise((resolve) => server.close(resolve));
});

/** The command in process, as `npm run scan` runs it: what it printed, and its exit code (rejecting with it when not 0). */
async function scanCli(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await scanCommand({
    args,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  if (code !== 0) throw Object.assign(new Error(`exit code ${code}`), { code, stdout, stderr });
  return { stdout, stderr };
}

describe('scan CLI', { timeout: 60_000 }, () => {
  // The one spawned run: `scan-cli.ts` hands the command the process's arguments, environment and
  // output (tsx in a child process costs 4-5 CPU-s: the scanner's modules and indexes load again).
  // Every other run, the browser's too, calls the command in process.
  it('prints the CheckResult as JSON with --json, scanning loopback only when allowed', async () => {
    const { stdout } = await run(tsx, [cli, url, '--json', '--no-browser', '--dns'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', SCAN_ALLOW_PRIVATE_NETWORKS: 'true', SCAN_DNS_SERVERS: dns.server },
      timeout: 60_000,
    });
    const result = checkResultSchema.parse(JSON.parse(stdout));
    expect(result.dns_checks?.dns_lookup.result).toContain('A 127.0.0.1 (TTL 1)');
    expect(result.page_checks).toBeUndefined();
    expect(result.overall_risk).toBeGreaterThanOrEqual(80);
    expect(result.classification.map((entry) => entry.name)).toContain('Phishing');
  });

  it('runs the extended groups the flags ask for, and all of them with --all', async () => {
    const env = { SCAN_ALLOW_PRIVATE_NETWORKS: 'true', SCAN_DNS_SERVERS: dns.server };
    const categories = (result: { checks: { category: string }[] }) => result.checks.map((category) => category.category);
    const some = checkResultSchema.parse(
      JSON.parse((await scanCli([url, '--json', '--no-browser', '--ip', '--webtech', '--links'], env)).stdout),
    );
    expect(some.dns_checks).toBeUndefined();
    expect(categories(some)).toEqual(expect.arrayContaining(['IP Reputation', 'Web Technologies']));
    expect(categories(some)).not.toContain('DNS Records');
    expect(some.webtech).toContainEqual(expect.objectContaining({ name: 'jQuery', version: '1.12.4' }));
    expect(some.page_checks).toContain(new URL('/help', url).href);
    const vulnerable = some.checks.flatMap((category) => category.details).find((detail) => detail.name === 'webtech_vulnerable_version');
    expect(vulnerable?.message).toContain('jQuery 1.12.4 is affected by CVE-2020-11022');

    const all = checkResultSchema.parse(JSON.parse((await scanCli([url, '--json', '--no-browser', '--all'], env)).stdout));
    expect(all.dns_checks?.dns_lookup.result).toContain('A 127.0.0.1 (TTL 1)');
    expect(categories(all)).toEqual(expect.arrayContaining(['DNS Records', 'IP Reputation', 'Web Technologies']));
    expect(all.page_checks).toContain(new URL('/help', url).href);
  });

  it('prints a readable summary and refuses loopback by default', async () => {
    const { stdout } = await scanCli([url, '--fast'], { SCAN_DNS_SERVERS: dns.server });
    expect(stdout).toContain('Risk:');
    expect(stdout).toContain('does not resolve to a public address');
    expect(stdout).not.toContain('Brand on a foreign domain');
  });

  it('renders the page with the browser and prints the screenshot path and the capture', { timeout: 90_000 }, async () => {
    const cafe = http.createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Harbour Café</title><h1>Menu</h1>'),
    );
    await new Promise<void>((resolve) => cafe.listen(0, '127.0.0.1', resolve));
    const screenshots = mkdtempSync(path.join(tmpdir(), 'riskscan-cli-shots-'));
    try {
      const cafeUrl = `http://127.0.0.1:${(cafe.address() as AddressInfo).port}/`;
      const { stdout } = await scanCli([cafeUrl, '--screenshots', screenshots], { SCAN_ALLOW_PRIVATE_NETWORKS: 'true' });
      const shot = /^Screenshot: (.+\.webp)$/m.exec(stdout)?.[1];
      expect(shot && path.dirname(shot)).toBe(screenshots);
      expect(readFileSync(shot!).subarray(8, 12).toString()).toBe('WEBP');
      expect(stdout).toMatch(/^Browser: {4}complete in [\d.]+ s/m);
      expect(stdout).toContain('Title:      Harbour Café');
    } finally {
      cafe.close();
      rmSync(screenshots, { recursive: true, force: true });
    }
  });

  it('explains its usage and rejects empty input with the specified message', async () => {
    await expect(scanCli([], {})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run scan') });
    await expect(scanCli([' '], {})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Oops, please enter the URL.') });
  });
});
