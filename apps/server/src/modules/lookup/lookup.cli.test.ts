import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdictSchema } from '@riskscan/contracts';
import { createVerdictEngine, isVerdictError } from '@riskscan/scanner';
import { FEED_FIXTURES_DIR } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliEnvironment, createCliEnvironment } from '../../testing/cli-environment.ts';
import { lookupCommand } from './lookup-command.ts';
import { reputationImportCommand } from './reputation-import-command.ts';
import { runCommand } from './testing/run-cli.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

describe('lookup and reputation:import CLIs', () => {
  let cli: CliEnvironment;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    cli = await createCliEnvironment();
    env = cli.env;
  });
  afterAll(() => cli?.close());

  // One spawned run of each script shows the entry point wires the process in; the rest run the
  // commands in this process.
  const spawned = (script: string, args: string[], input = '') =>
    spawnSync(process.execPath, ['--import', 'tsx', here(script), ...args], { encoding: 'utf8', env, input });
  const lookup = (args: string[], input = '') => runCommand(lookupCommand, args, env, input);
  const reputationImport = (args: string[]) => runCommand(reputationImportCommand, args, env);

  it('imports a feed file, then judges stdin lines with the feed, one JSON object a line', async () => {
    const imported = await reputationImport([
      '--source',
      'phishtank',
      '--format',
      'phishtank-json',
      path.join(FEED_FIXTURES_DIR, 'phishtank.json'),
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/^Imported 2 entries from .*phishtank\.json as phishtank; 2 indicators are active\.$/m);

    const result = await lookup(['--json'], 'https://apple-id-locked.test/unlock/\n\nwikipedia.org\nnot a url\n');
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(verdictSchema.parse(lines[0])).toMatchObject({ risk_level: 'Danger', classification: expect.arrayContaining(['Phishing']) });
    expect(lines[1]).toMatchObject({ url: 'https://wikipedia.org/', risk_level: 'Secure' });
    expect(lines[2]).toEqual({ url: 'not a url', error: 'Please enter a valid URL.' });
    // Two openings of an on-disk PGlite take a while on a busy machine.
  }, 120_000);

  it('leaves the feeds out with --no-reputation and prints a table without --json', async () => {
    const result = await lookup(['--no-reputation'], 'https://apple-id-locked.test/unlock/\npaypa1.com\n');
    const [first, second] = result.stdout.trim().split('\n');
    expect(first).not.toContain('Phishing');
    // The score is the learned model's: the CLI must print what the engine says, whatever the weights.
    const verdict = createVerdictEngine().verdict('paypa1.com');
    if (isVerdictError(verdict)) throw new Error(verdict.error);
    expect(verdict.risk_level).toBe('Danger');
    expect(second).toMatch(new RegExp(`^Danger\\s+${verdict.risk_score} {2}https://paypa1\\.com/ {2}Typosquatting$`));
  });

  // A spawned process compiles its import graph first: slow on a busy machine.
  it('judges URLs given as arguments (npm run lookup example.com) instead of stdin', { timeout: 60_000 }, () => {
    const result = spawned('./lookup.cli.ts', ['--no-reputation', 'paypa1.com', 'not a url'], 'wikipedia.org\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const [first, second, third] = result.stdout.trim().split('\n');
    expect(first).toMatch(/^Danger\s+\d+ {2}https:\/\/paypa1\.com\/ {2}Typosquatting$/);
    expect(second).toBe('error       not a url  Please enter a valid URL.');
    expect(third).toBeUndefined();
  });

  it('answers an unknown option with the usage and exit 2, not a stack trace', async () => {
    const refused = await lookup(['--url', 'example.com']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("Unknown option '--url'");
    expect(refused.stderr).toContain('Usage: npm run lookup');
    expect(refused.stderr).not.toMatch(/\bat .*:\d+:\d+/);
    expect(refused.stdout).toBe('');
  });

  it('refuses an import without source, format or file', { timeout: 60_000 }, () => {
    const refused = spawned('./reputation-import.cli.ts', ['--format', 'rss', 'feed.xml']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Usage: npm run reputation:import');
  });
});
