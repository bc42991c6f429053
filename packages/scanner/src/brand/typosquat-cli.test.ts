import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startLoopbackDns } from '../testing/loopback-dns.ts';

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
      // The DNS server answers from this process, so the CLI must run without blocking it.
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', CLI, 'paypal.com', '--registered', '--families', 'homoglyph,tld-swap'],
        {
          env: { ...process.env, SCAN_DNS_SERVERS: dns.server },
          maxBuffer: 1 << 24,
        },
      );
      expect(stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^homoglyph\s+paypa1\.com\s+NS ns1\.parking\.example\s+A 198\.51\.100\.9$/),
      ]);
      expect(stderr).toMatch(/\[#+\] 100% \d+\/\d+ names, 1 registered, 1 unknown/);
    } finally {
      await dns.close();
    }
  }, 60_000);
});
