import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, BUSINESS_PLAN, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './modules/scans/testing/scan-test-world.ts';
import { phishingMail } from './modules/triage/testing/fixture-mails.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../../packages/cli/src/riskscan.ts', import.meta.url));

/** The `riskscan` package's command against this server, listening for real on a free port. */
describe('riskscan remote CLI against the server', () => {
  let t: ScanTestWorld;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await startScanTestWorld({ plan: BUSINESS_PLAN });
    const { token } = await t.signedInUser();
    const key = (await t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer(token), payload: { name: 'cli' } })).json()
      .key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    env = { ...process.env, RISKSCAN_URL: `http://127.0.0.1:${port}/`, RISKSCAN_API_KEY: key };
  });
  afterAll(() => t.close());

  const riskscan = (args: string[], input?: string) => {
    const child = run(process.execPath, [CLI, ...args], { env, encoding: 'utf8' });
    if (input !== undefined) {
      child.child.stdin!.end(input);
    }
    return child;
  };

  it('lookup reads URLs from stdin and prints verdicts as JSON lines or a table', async () => {
    const { stdout } = await riskscan(['lookup', '--json'], 'paypa1.com\n\nwww.wikipedia.org\nnot a url\n');
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ url: 'https://paypa1.com/', risk_level: 'Danger' });
    expect(lines[2]).toEqual({ url: 'not a url', error: 'Please enter a valid URL.' });
    const table = (await riskscan(['lookup'], 'paypa1.com\n')).stdout;
    expect(table).toMatch(/^level\s+score\s+url/);
    expect(table).toMatch(/Danger\s+\d+\s+https:\/\/paypa1\.com\//);
  });

  it('triage uploads a message and shows its links with sources and mismatches', async () => {
    const file = path.join(tmpdir(), `riskscan-cli-${process.pid}.eml`);
    await writeFile(file, await phishingMail());
    const { stdout } = await riskscan(['triage', file]);
    expect(stdout).toMatch(/^Danger \d+ {2}Action required/);
    expect(stdout).toMatch(
      /html\s+https:\/\/chase-secure\.account-verify-center\.xyz\/login\?id=8812\s+https:\/\/www\.chase\.com\/verify \(mismatch\)/,
    );
    expect(stdout).toMatch(/qr\s+https:\/\/mobile-verify\.example-pay\.click\/qr\/8812/);
  });

  it('scan submits, waits and prints the report; bad input and a missing key fail with the message', { timeout: 90_000 }, async () => {
    const { stdout } = await riskscan(['scan', FIXTURE_URL, '--fast', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'done', data: { url: FIXTURE_URL } });
    await expect(riskscan(['scan', 'http://exa mple.com'])).rejects.toMatchObject({
      code: 1,
      stderr: 'riskscan: 400: url: Please enter a valid URL.\n',
    });
    const noKey = run(process.execPath, [CLI, 'lookup'], { env: { ...env, RISKSCAN_API_KEY: '' } });
    noKey.child.stdin!.end('');
    await expect(noKey).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Set RISKSCAN_URL') });
  });

  it('monitor add watches a domain and monitor list shows it', async () => {
    const added = await riskscan(['monitor', 'add', 'PixelForge.app', '--keyword', 'pixel']);
    expect(added.stdout).toMatch(/^Watching pixelforge\.app \((daily|hourly) checks, uid \S+\)\n/);
    const listed = (await riskscan(['monitor', 'list', '--json'])).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(listed).toEqual([expect.objectContaining({ domain: 'pixelforge.app', keywords: ['pixel'] })]);
    expect((await riskscan(['monitor', 'list'])).stdout).toMatch(/^domain\s+look-alikes\s+state[\s\S]*pixelforge\.app\s+\d+\s+active/);
  });
});
