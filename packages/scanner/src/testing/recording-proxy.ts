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
 * it is asked for is at `address`, and `connectPorts` maps ports as the fixture world needs.
 */
export async function startRecordingProxy(
  address = '127.0.0.2',
  connectPorts: Readonly<Record<number, number>> = {},
): Promise<RecordingProxy> {
  const seen: ProxiedRequest[] = [];
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ request, hostname, port, isHttp, username }) => {
      seen.push({ kind: isHttp ? 'http' : 'connect', hostname, port, username, headers: isHttp ? request.headers : {} });
      const mapped = connectPorts[port];
      if (mapped !== undefined) {
        return isHttp ? { httpAgent: fixedAgent(address, mapped) } : { customConnectServer: fixedTunnel(address, mapped) as never };
      }
      const dnsLookup = (_host: string, options: { all?: boolean }, done: (error: null, found: unknown, family?: number) => void) =>
        options.all ? done(null, [{ address, family: 4 }]) : done(null, address, 4);
      return { dnsLookup: dnsLookup as never };
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
