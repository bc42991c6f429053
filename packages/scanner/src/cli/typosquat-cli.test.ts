import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startLoopbackDns } from '../testing/loopback-dns.ts';
import { typosquatCommand } from './typosquat-command.ts';

const CLI = fileURLToPath(new URL('./typosquat-cli.ts', import.meta.url));

/** The command in process, as `npm run typosquat` runs it: its exit code and what it printed. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const status = await typosquatCommand({
    args,
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { status, stdout, stderr };
}

describe('typosquat CLI', () => {
  // The one spawned run: `typosquat-cli.ts` hands the command the process's arguments and output.
  it('prints [{domain, fuzzer}] with --json', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'paypal.com', '--json'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const lookalikes = JSON.parse(result.stdout) as { domain: string; fuzzer: string }[];
    expect(lookalikes.length).toBeGreaterThan(1000);
    expect(Object.keys(lookalikes[0] ?? {})).toEqual(['domain', 'fuzzer']);
    expect(lookalikes).toContainEqual({ domain: 'paypall.com', fuzzer: 'addition' });
  });

  it('prints one look-alike a line without --json', async () => {
    const lines = (await run(['paypal.com'])).stdout.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^omission\s+paypl\.com$/));
  });

  it('explains its usage and refuses what is not a domain', async () => {
    const usage = await run([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run typosquat -- <domain> [--json] [--registered]');
    const refused = await run(['10.0.0.1']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Not a registrable domain name: 10.0.0.1');
  });

  it('prints the registered look-alikes with their records and a progress bar on stderr with --registered', async () => {
    const dns = await startLoopbackDns({
      'paypa1.com': {
        records: [
          { type: 'NS', ns: 'ns1.parking.example' },
          { type: 'A', address: '198.51.100.9' },
        ],
      },
      'paypal.xyz': { fail: 'servfail' },
    });
    try {
      const { status, stdout, stderr } = await run(['paypal.com', '--registered', '--families', 'homoglyph,tld-swap'], {
        SCAN_DNS_SERVERS: dns.server,
      });
      expect(status).toBe(0);
      expect(stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^homoglyph\s+paypa1\.com\s+NS ns1\.parking\.example\s+A 198\.51\.100\.9$/),
      ]);
      expect(stderr).toMatch(/\[#+\] 100% \d+\/\d+ names, 1 registered, 1 unknown/);
    } finally {
      await dns.close();
    }
  }, 60_000);
});
