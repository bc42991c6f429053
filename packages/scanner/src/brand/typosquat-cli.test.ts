import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./typosquat-cli.ts', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8' });

describe('typosquat CLI', () => {
  it('prints [{domain, fuzzer}] with --json', () => {
    const result = run('paypal.com', '--json');
    expect(result.status).toBe(0);
    const lookalikes = JSON.parse(result.stdout) as { domain: string; fuzzer: string }[];
    expect(lookalikes.length).toBeGreaterThan(1000);
    expect(Object.keys(lookalikes[0] ?? {})).toEqual(['domain', 'fuzzer']);
    expect(lookalikes).toContainEqual({ domain: 'paypall.com', fuzzer: 'addition' });
  });

  it('prints one look-alike a line without --json', () => {
    const lines = run('paypal.com').stdout.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^omission\s+paypl\.com$/));
  });

  it('explains its usage and refuses what is not a domain', () => {
    expect(run().status).toBe(2);
    expect(run().stderr).toContain('Usage: npm run typosquat -- <domain> [--json] [--registered]');
    const refused = run('10.0.0.1');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Not a registrable domain name: 10.0.0.1');
  });
});
