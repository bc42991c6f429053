import net from 'node:net';
import { checkResultSchema, type CheckResult } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from './scan.ts';
import type { ScannerOptions } from './scan-options.ts';
import { startFixtureWorld, type FixtureWorld } from './testing/fixture-world.ts';

let world: FixtureWorld;
let closedPort: number;

/** A loopback port nothing listens on: connections to it are refused. */
async function freeClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  world = await startFixtureWorld();
  closedPort = await freeClosedPort();
});

afterAll(async () => {
  await world.close();
});

/** The fixture world with its https port swapped: closed (refused) or the plain-http server (handshake fails). */
function withHttpsOn(port: number): ScannerOptions {
  const network = world.scanOptions.network ?? {};
  return { ...world.scanOptions, network: { ...network, connectPorts: { 80: world.server.httpPort, 443: port } } };
}

const details = (result: CheckResult, category: string) => result.checks.find((entry) => entry.category === category)?.details ?? [];

describe('scan reachability', () => {
  it('reports a name that does not resolve as unreachable, never Secure or Good, with the page checks not run', async () => {
    const result = await scan('http://no-such-host.invalid/', world.scanOptions);
    expect(checkResultSchema.parse(result)).toEqual(result);
    expect(result.reachable).toBe(false);
    expect(result.unreachable).toEqual({
      reason: 'unresolvable',
      url: 'http://no-such-host.invalid/',
      message: 'The name no-such-host.invalid does not resolve: no DNS record points to a public server.',
    });
    expect(['Secure', 'Good']).not.toContain(result.risk_score_text.name);
    expect(result.overall_risk).toBeGreaterThanOrEqual(40);
    for (const category of ['TLS Certificate', 'HTTP & Redirects', 'Page Content', 'Malicious Behaviour']) {
      const categoryDetails = details(result, category);
      expect(categoryDetails.length).toBeGreaterThan(0);
      // A check may still report the failure itself (http_error_page); none reports a clean 0.
      const clean = categoryDetails.filter((detail) => detail.risk_score === 0);
      expect(clean.length).toBeGreaterThan(0);
      expect(clean.every((detail) => detail.not_run === true && detail.message.startsWith('Not run'))).toBe(true);
    }
    // The address itself was judged: the URL checks ran.
    expect(details(result, 'URL Analysis').some((detail) => detail.not_run)).toBe(false);
    expect(details(result, 'TLS Certificate').find((detail) => detail.name === 'tls_missing')?.message).not.toContain('served over https');
  });

  it('reports a refused connection for a URL typed with its scheme, without trying another one', async () => {
    const before = world.server.requests.length;
    const result = await scan('https://sunny-garden-blog.com/', withHttpsOn(closedPort));
    expect(result.reachable).toBe(false);
    expect(result.unreachable).toMatchObject({ reason: 'refused', url: 'https://sunny-garden-blog.com/' });
    expect(result.unreachable?.message).toContain('sunny-garden-blog.com refused the connection');
    expect(result.https_failed).toBeNull();
    expect(result.url).toBe('https://sunny-garden-blog.com/');
    expect(world.server.requests.length).toBe(before);
    expect(['Secure', 'Good']).not.toContain(result.risk_score_text.name);
  });

  it('scans a bare domain that only answers on http over http, rated as its http page is', async () => {
    const bare = await scan('chase-secure-verify.com', withHttpsOn(closedPort));
    expect(checkResultSchema.parse(bare)).toEqual(bare);
    expect(bare.url).toBe('http://chase-secure-verify.com/');
    expect(bare.final_url).toBe('http://chase-secure-verify.com/');
    expect(bare.reachable).toBe(true);
    expect(bare.unreachable).toBeNull();
    expect(bare.https_failed).toMatchObject({ reason: 'refused', url: 'https://chase-secure-verify.com/' });
    const overHttp = await scan('http://chase-secure-verify.com/', withHttpsOn(closedPort));
    expect(bare.overall_risk).toBe(overHttp.overall_risk);
    expect(bare.risk_score_text.name).toBe('Danger');
    expect(details(bare, 'Page Content').some((detail) => detail.not_run)).toBe(false);
  });

  it('names a failed TLS handshake, and falls back to http for a bare domain', async () => {
    const typed = await scan('https://sunny-garden-blog.com/', withHttpsOn(world.server.httpPort));
    expect(typed.reachable).toBe(false);
    expect(typed.unreachable).toMatchObject({ reason: 'tls', url: 'https://sunny-garden-blog.com/' });
    const bare = await scan('sunny-garden-blog.com', withHttpsOn(world.server.httpPort));
    expect(bare.reachable).toBe(true);
    expect(bare.url).toBe('http://sunny-garden-blog.com/');
    expect(bare.https_failed?.reason).toBe('tls');
    // Plain words, not the TLS library's `write EPROTO …:SSL routines:…`.
    expect(bare.https_failed?.message).toBe(
      'sunny-garden-blog.com did not accept a secure (https) connection: the site may offer only http, or its secure setup is broken.',
    );
    expect(JSON.stringify(bare)).not.toMatch(/EPROTO|SSL routines/);
  });

  it('does not retry over http when https answered, or when the name does not resolve', async () => {
    const answered = await scan('sunny-garden-blog.com', world.scanOptions);
    expect(answered.url).toBe('https://sunny-garden-blog.com/');
    expect(answered.https_failed).toBeNull();
    const queries = world.dns.queries.length;
    const missing = await scan('no-such-host.invalid', world.scanOptions);
    expect(missing.url).toBe('https://no-such-host.invalid/');
    expect(missing.unreachable?.reason).toBe('unresolvable');
    expect(world.dns.queries.slice(queries).filter((query) => query === 'A no-such-host.invalid').length).toBeLessThanOrEqual(2);
  });
});
