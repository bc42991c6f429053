import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, BUSINESS_PLAN, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './modules/scans/testing/scan-test-world.ts';
import { phishingMail } from './modules/triage/testing/fixture-mails.ts';

const run = promisify(execFile);
const CLI_PACKAGE = fileURLToPath(new URL('../../../packages/cli/', import.meta.url));
const DANGER_URL = 'https://chase-secure-verify.com/';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The `riskscan` package as a user gets it: `npm pack` (which builds it), installed from the
 * tarball into a directory outside the repository, run through its `bin` against this server.
 */
describe('riskscan CLI, packed and installed, against the server', () => {
  let t: ScanTestWorld;
  let env: NodeJS.ProcessEnv;
  let work: string;
  let tarballFiles: string[];
  let bin: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'riskscan-cli-'));
    await run('npm', ['pack', '--pack-destination', work], { cwd: CLI_PACKAGE });
    const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'))!;
    tarballFiles = (await run('tar', ['-tzf', path.join(work, tarball)])).stdout.trim().split('\n');
    const project = path.join(work, 'project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'pipeline', private: true }));
    await run('npm', ['install', path.join(work, tarball), '--offline', '--no-audit', '--no-fund'], { cwd: project });
    bin = path.join(project, 'node_modules', '.bin', 'riskscan');

    t = await startScanTestWorld({ plan: BUSINESS_PLAN });
    const { token } = await t.signedInUser();
    const key = (await t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer(token), payload: { name: 'cli' } })).json()
      .key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // PATH only, without the repository's node_modules/.bin (whose `node` package is newer): the
    // installed command runs on the machine's own Node, as outside the repository.
    const systemPath = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((entry) => !entry.includes('node_modules'))
      .join(path.delimiter);
    env = { PATH: systemPath, RISKSCAN_URL: `http://127.0.0.1:${port}/`, RISKSCAN_API_KEY: key };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  const riskscan = (args: string[], input?: string, extraEnv: NodeJS.ProcessEnv = {}) => {
    const child = run(bin, args, { env: { ...env, ...extraEnv }, encoding: 'utf8', cwd: work });
    child.child.stdin!.end(input ?? '');
    return child;
  };
  /** Exit code and output of a run that may fail. */
  const outcome = async (args: string[], input?: string, extraEnv?: NodeJS.ProcessEnv) => {
    try {
      const { stdout, stderr } = await riskscan(args, input, extraEnv);
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('ships JavaScript only, with its bin, and prints its help', async () => {
    expect(tarballFiles).toEqual(expect.arrayContaining(['package/package.json', 'package/dist/riskscan.js', 'package/README.md']));
    expect(tarballFiles.filter((file) => file.endsWith('.ts'))).toEqual([]);
    const help = await outcome(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('usage: riskscan scan URL [--fast] [--private] [--fail-on LEVEL] [--json]');
    expect(help.stdout).toContain('Secure, Good, Normal, Risky, Danger');
    expect(await outcome(['frobnicate'])).toMatchObject({ code: 2, stderr: expect.stringContaining('See riskscan --help') });
    expect(await outcome(['scan'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Missing arguments: riskscan scan URL') });
    expect(await outcome(['scan', FIXTURE_URL, '--fail-on', 'bad'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--fail-on takes a risk level: Secure, Good, Normal, Risky, Danger'),
    });
  });

  it(
    'scan --fail-on fails the pipeline (exit 1) when the level is reached, case-insensitively, and passes otherwise',
    { timeout: 90_000 },
    async () => {
      const danger = await outcome(['scan', DANGER_URL, '--fast', '--fail-on', 'risky']);
      expect(danger.code).toBe(1);
      expect(danger.stdout).toMatch(/^score\s+level\s+classification\s+url\s+uid\n\d+\s+Danger\s+\S/);
      expect(danger.stdout).not.toContain('[object Object]');
      expect(danger.stderr).toContain('Danger reaches --fail-on Risky');

      const calm = await outcome(['scan', FIXTURE_URL, '--fast', '--json', '--fail-on', 'DANGER']);
      const report = JSON.parse(calm.stdout);
      expect(report).toMatchObject({ status: 'done', data: { url: FIXTURE_URL } });
      expect(report.data.risk_score_text.name).not.toBe('Danger');
      expect(calm.code).toBe(0);
      const reached = await outcome(['scan', FIXTURE_URL, '--fast', '--fail-on', report.data.risk_score_text.name.toLowerCase()]);
      expect(reached.code).toBe(1);
    },
  );

  it('exits 2 with what to do on bad input, a missing key and a wrong key, and 3 for a server that is not there', async () => {
    expect(await outcome(['scan', 'http://exa mple.com'])).toMatchObject({
      code: 2,
      stderr: 'riskscan: 400: url: Please enter a valid URL.\n',
    });
    expect(await outcome(['lookup'], '', { RISKSCAN_API_KEY: '' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Set RISKSCAN_URL'),
    });
    expect(await outcome(['lookup'], 'a.example\n', { RISKSCAN_API_KEY: 'rsk_wrong' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Check RISKSCAN_API_KEY'),
    });
    const down = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await outcome(['scan', FIXTURE_URL, '--server', down, '--fail-on', 'risky']);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain(`Could not reach the riskscan server at ${down}`);
    expect(unreachable.stderr).toContain('is it running? Set --server or RISKSCAN_URL.');
    expect(unreachable.stderr).not.toContain('fetch failed');
  });

  it('lookup reads URLs (defanged too) from stdin and prints verdicts as JSON lines or a table, gated by --fail-on', async () => {
    const { stdout } = await riskscan(['lookup', '--json'], 'hxxps://paypa1[.]com\n\nwww(.)wikipedia(.)org\nnot a url\n');
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ url: 'https://paypa1.com/', risk_level: 'Danger' });
    expect(lines[1]).toMatchObject({ url: 'https://www.wikipedia.org/' });
    expect(lines[2]).toEqual({ url: 'not a url', error: 'Please enter a valid URL.' });
    const table = (await riskscan(['lookup'], 'paypa1.com\n')).stdout;
    expect(table).toMatch(/^level\s+score\s+url/);
    expect(table).toMatch(/Danger\s+\d+\s+https:\/\/paypa1\.com\//);
    expect((await outcome(['lookup', '--fail-on', 'Danger'], 'www.wikipedia.org\npaypa1.com\n')).code).toBe(1);
    expect((await outcome(['lookup', '--fail-on', 'Danger'], 'www.wikipedia.org\n')).code).toBe(0);
    const named = await outcome(['lookup', 'hxxp://paypa1(.)com', '--json', '--fail-on', 'danger']);
    expect(named.code).toBe(1);
    expect(JSON.parse(named.stdout)).toMatchObject({ url: 'http://paypa1.com/', risk_level: 'Danger' });
  });

  it('triage uploads a message and shows its links with sources and mismatches', async () => {
    const file = path.join(work, 'message.eml');
    await writeFile(file, await phishingMail());
    const { stdout } = await riskscan(['triage', file]);
    expect(stdout).toMatch(/^Danger \d+ {2}Action required/);
    expect(stdout).toMatch(
      /html\s+https:\/\/chase-secure\.account-verify-center\.xyz\/login\?id=8812\s+https:\/\/www\.chase\.com\/verify \(mismatch\)/,
    );
    expect(stdout).toMatch(/qr\s+https:\/\/mobile-verify\.example-pay\.click\/qr\/8812/);
    expect((await outcome(['triage', file, '--fail-on', 'risky'])).code).toBe(1);
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
