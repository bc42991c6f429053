import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdictSchema } from '@riskscan/contracts';
import { createVerdictEngine, isVerdictError } from '@riskscan/scanner';
import { FEED_FIXTURES_DIR } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

describe('lookup and reputation:import CLIs', () => {
  let testDb: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'riskscan-cli-'));
    // PGlite is single-process: the CLI gets its own files; PostgreSQL runs get the test database.
    if (testDb.database.kind === 'pglite') await testDb.drop();
    env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(testDb.database.kind === 'postgres' ? { DATABASE_URL: testDb.database.url } : {}),
    };
  });
  afterAll(async () => {
    if (testDb.database.kind === 'postgres') await testDb.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (script: string, args: string[], input = '') =>
    spawnSync(process.execPath, ['--import', 'tsx', here(script), ...args], { encoding: 'utf8', env, input });

  it('imports a feed file, then judges stdin lines with the feed, one JSON object a line', () => {
    const imported = run('./reputation-import.cli.ts', [
      '--source',
      'phishtank',
      '--format',
      'phishtank-json',
      path.join(FEED_FIXTURES_DIR, 'phishtank.json'),
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/^Imported 2 entries from .*phishtank\.json as phishtank; 2 indicators are active\.$/m);

    const result = run('./lookup.cli.ts', ['--json'], 'https://apple-id-locked.test/unlock/\n\nwikipedia.org\nnot a url\n');
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(verdictSchema.parse(lines[0])).toMatchObject({ risk_level: 'Danger', classification: expect.arrayContaining(['Phishing']) });
    expect(lines[1]).toMatchObject({ url: 'https://wikipedia.org/', risk_level: 'Secure' });
    expect(lines[2]).toEqual({ url: 'not a url', error: 'Please enter a valid URL.' });
    // Two processes each opening and migrating an on-disk PGlite take a while on a busy machine.
  }, 120_000);

  it('leaves the feeds out with --no-reputation and prints a table without --json', () => {
    const result = run('./lookup.cli.ts', ['--no-reputation'], 'https://apple-id-locked.test/unlock/\npaypa1.com\n');
    const [first, second] = result.stdout.trim().split('\n');
    expect(first).not.toContain('Phishing');
    // The score is the learned model's: the CLI must print what the engine says, whatever the weights.
    const verdict = createVerdictEngine().verdict('paypa1.com');
    if (isVerdictError(verdict)) throw new Error(verdict.error);
    expect(verdict.risk_level).toBe('Danger');
    expect(second).toMatch(new RegExp(`^Danger\\s+${verdict.risk_score} {2}https://paypa1\\.com/ {2}Typosquatting$`));
  });

  it('judges URLs given as arguments (npm run lookup example.com) instead of stdin', () => {
    const result = run('./lookup.cli.ts', ['--no-reputation', 'paypa1.com', 'not a url'], 'wikipedia.org\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const [first, second, third] = result.stdout.trim().split('\n');
    expect(first).toMatch(/^Danger\s+\d+ {2}https:\/\/paypa1\.com\/ {2}Typosquatting$/);
    expect(second).toBe('error       not a url  Please enter a valid URL.');
    expect(third).toBeUndefined();
  });

  it('answers an unknown option with the usage and exit 2, not a stack trace', () => {
    const refused = run('./lookup.cli.ts', ['--url', 'example.com']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("Unknown option '--url'");
    expect(refused.stderr).toContain('Usage: npm run lookup');
    expect(refused.stderr).not.toMatch(/\bat .*:\d+:\d+/);
    expect(refused.stdout).toBe('');
  });

  it('refuses an import without source, format or file', () => {
    const refused = run('./reputation-import.cli.ts', ['--format', 'rss', 'feed.xml']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Usage: npm run reputation:import');
  });
});
