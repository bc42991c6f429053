import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { flaggedVisitSchema, triageEmailResponseSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliEnvironment, createCliEnvironment } from '../../testing/cli-environment.ts';
import { reputationImportCommand } from '../lookup/reputation-import-command.ts';
import { runCommand } from '../lookup/testing/run-cli.ts';
import { triageCommand } from './triage-command.ts';
import { phishingMail } from './testing/fixture-mails.ts';
import { FEED_LISTED_HOST, LOOKALIKE_HOSTS, squidLog } from './testing/proxy-logs.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

describe('npm run triage', () => {
  let cli: CliEnvironment;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  beforeAll(async () => {
    cli = await createCliEnvironment();
    ({ env, dir } = cli);
  });
  afterAll(() => cli?.close());

  // One spawned run shows the entry point wires the process in; the rest run the commands in this process.
  const spawned = (script: string, args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', here(script), ...args], { encoding: 'utf8', env });
  const runTriage = (args: string[]) => runCommand(triageCommand, args, env);

  it('flags every visit to the malicious hosts of a 20,000-line Squid log (gzipped too) and none to a benign one', async () => {
    const feed = path.join(dir, 'feed.txt');
    await writeFile(feed, `${FEED_LISTED_HOST}\n`);
    const imported = await runCommand(
      reputationImportCommand,
      ['--source', 'local-cti', '--format', 'plain-list', '--threat', 'malware', feed],
      env,
    );
    expect(imported.status).toBe(0);

    const badHosts = [...LOOKALIKE_HOSTS, FEED_LISTED_HOST];
    const log = squidLog(20_000, { badHosts, badEvery: 250 });
    const plain = path.join(dir, 'access.log');
    const gzipped = path.join(dir, 'access.log.gz');
    await writeFile(plain, log);
    await writeFile(gzipped, gzipSync(log));

    for (const file of [plain, gzipped]) {
      const result = await runTriage(['--log', file, '--format', 'squid', '--json']);
      expect(result.status).toBe(0);
      const visits = result.stdout
        .trim()
        .split('\n')
        .map((line) => flaggedVisitSchema.parse(JSON.parse(line)));
      expect(visits).toHaveLength(20_000 / 250);
      expect(new Set(visits.map((visit) => visit.host))).toEqual(new Set(badHosts));
      const listed = visits.find((visit) => visit.host === FEED_LISTED_HOST)!;
      expect(listed.reasons.map((reason) => reason.code)).toContain('reputation_host');
      expect(visits[0]).toMatchObject({
        client: expect.stringMatching(/^10\.20\./),
        method: expect.any(String),
        time: expect.stringMatching(/^2025-/),
      });
      // Each visit is judged by its full URL (issue 41): the addresses judged are the distinct URLs.
      expect(result.stderr).toMatch(/20,000 lines, 20,000 visits, 2,017 addresses judged; 80 flagged visits to 4 hosts/);
    }
  }, 180_000);

  it('reads a syslog-wrapped log with the --template the site gave its Squid logformat', async () => {
    const file = path.join(dir, 'custom.log');
    await writeFile(
      file,
      [
        '<134>Nov 24 10:26:40 proxy1 squid[88]: 24/Nov/2025:10:26:40 +0000 10.20.1.11 chase-online-update.info "GET /verify?u=1" 200 512',
        '<134>Nov 24 10:26:41 proxy1 squid[88]: 24/Nov/2025:10:26:41 +0000 10.20.1.12 docs.python.org "GET /3/" 200 9000',
      ].join('\n'),
    );
    const result = await runTriage(['--log', file, '--template', '%tl %>a %{Host}>h "%rm %>rp" %>Hs %<st', '--json', '--no-reputation']);
    expect(result.status).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => flaggedVisitSchema.parse(JSON.parse(line)).url),
    ).toEqual(['http://chase-online-update.info/verify?u=1']);
    expect(result.stderr).toMatch(/^2 lines, 2 visits, 2 addresses judged; 1 flagged visits to 1 hosts/);
    const noUrl = await runTriage(['--log', file, '--template', '%tl %>a', '--no-reputation']);
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toMatch(/says nowhere where the URL or the host is/);
    // Usage errors (an unknown option too) exit 2, apart from 1 for a log or message that cannot be read.
    const unknown = await runTriage(['--log', file, '--colour']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/usage: npm run -s triage/);
  }, 60_000);

  it('triages a message file from the command line', async () => {
    const file = path.join(dir, 'phish.eml');
    await writeFile(file, await phishingMail());
    const result = spawned('./triage.cli.ts', [file, '--json', '--no-reputation']);
    expect(result.status).toBe(0);
    const triage = triageEmailResponseSchema.parse(JSON.parse(result.stdout));
    expect(triage.risk_score).toBeGreaterThanOrEqual(80);
    const notMail = await runTriage([here('./log-formats.ts'), '--no-reputation']);
    expect(notMail.status).toBe(1);
    expect(notMail.stderr).toMatch(/not an e-mail message/);
  }, 60_000);
});
