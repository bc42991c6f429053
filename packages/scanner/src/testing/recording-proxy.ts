import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Server } from 'proxy-chain';
import { fixedAgent, fixedTunnel } from '../browser/egress-proxy.ts';

/** What went through the proxy: a plain-HTTP request (absolute URL) or a CONNECT tunnel. */
export interface ProxiedRequest {
  kind: 'http' | 'connect';
  hostname: string;
  port: number;
  /** The proxy user the client authenticated as ('' without credentials). */
  username: string;
  /** Request headers for plain HTTP (a tunnel's contents stay opaque, as with a real proxy). */
  headers: Record<string, string | string[] | undefined>;
}

export interface RecordingProxy {
  port: number;
  /** `http://127.0.0.1:port`, or with `user:pass@` when asked for. */
  url(credentials?: string): string;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for a country's upstream forward proxy (the real proxy-chain server): records what
 * passed through it and resolves names on its own side, as a remote proxy does; here every name
 * it is asked for is at `address` (or what its own DNS server `dnsServer` answers, when given),
 * an IP literal is connected to as asked, and `connectPorts` maps ports as the fixture world needs.
 */
export async function startRecordingProxy(
  address = '127.0.0.2',
  connectPorts: Readonly<Record<number, number>> = {},
  dnsServer?: string,
): Promise<RecordingProxy> {
  const ownDns = new Resolver({ timeout: 1000, tries: 1 });
  if (dnsServer) ownDns.setServers([dnsServer]);
  const addressOf = async (hostname: string) => {
    const bare = hostname.replace(/^\[|\]$/g, '');
    if (isIP(bare)) return bare;
    return dnsServer ? ((await ownDns.resolve4(bare))[0] ?? address) : address;
  };
  const seen: ProxiedRequest[] = [];
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: async ({ request, hostname, port, isHttp, username }) => {
      seen.push({ kind: isHttp ? 'http' : 'connect', hostname, port, username, headers: isHttp ? request.headers : {} });
      const target = await addressOf(hostname);
      return isHttp
        ? { httpAgent: fixedAgent(target, connectPorts[port] ?? port) }
        : { customConnectServer: fixedTunnel(target, connectPorts[port] ?? port) as never };
    },
  });
  server.on('requestFailed', () => {});
  await server.listen();
  return {
    port: server.port,
    url: (credentials) => `http://${credentials ? `${credentials}@` : ''}127.0.0.1:${server.port}`,
    seen,
    close: () => server.close(true),
  };
}
