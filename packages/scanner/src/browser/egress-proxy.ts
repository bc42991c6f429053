import type { LookupAddress, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { RequestError, Server } from 'proxy-chain';
import { checkEgressTarget, EgressRefusedError, type EgressPolicy } from '../net/egress-guard.ts';

export interface EgressProxyOptions {
  policy: EgressPolicy;
  /** The country proxy to chain to (`http://user:pass@host:port`); null: connect directly. */
  upstreamProxyUrl?: string | null;
  /** curl-style `--connect-to` port mapping for loopback fixtures (tests only), as the static fetch has. */
  connectPorts?: Readonly<Record<number, number>>;
  /** Told of every target let through (`host:port`) with the address it was checked at. */
  onAllowed?: (target: string, address: string) => void;
}

export interface EgressRefusalRecord {
  target: string;
  reason: string;
}

/** A forward proxy on loopback that the browser must use for every request. */
export interface EgressProxy {
  /** `http://127.0.0.1:port`, for the browser context's proxy setting. */
  url: string;
  /** Targets the guard refused, in order. */
  refusals: EgressRefusalRecord[];
  close(): Promise<void>;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `dns.lookup` stand-in that answers with the address the guard already checked, so a second resolution cannot rebind. */
function pinnedLookup(address: string, family: 4 | 6) {
  return (_hostname: string, options: LookupOneOptions | LookupCallback, callback?: LookupCallback) => {
    const done = typeof options === 'function' ? options : callback!;
    const all = typeof options === 'object' && (options as { all?: boolean }).all;
    if (all) done(null, [{ address, family }]);
    else done(null, address, family);
  };
}

/** Connections to one fixed address and port, whatever the request named: how a mapped port is reached. */
export function fixedAgent(address: string, port: number): http.Agent {
  const agent = new http.Agent({ keepAlive: false });
  agent.createConnection = () => net.connect({ host: address, port });
  return agent;
}

/** A stand-in "server" for proxy-chain's CONNECT hand-off that pipes each tunnel to one address and port. */
export function fixedTunnel(address: string, port: number): net.Server {
  const tunnel = new net.Server();
  tunnel.on('connection', (socket: net.Socket) => {
    const target = net.connect({ host: address, port });
    target.on('error', () => socket.destroy());
    socket.on('error', () => target.destroy());
    socket.pipe(target).pipe(socket);
  });
  return tunnel;
}

/**
 * Starts a proxy that resolves and checks every host the browser asks for (plain HTTP requests and
 * CONNECT tunnels alike, so HTTPS, WebSockets, fetch/XHR, frames and redirects all pass the same
 * guard), then connects to the checked address, or through the upstream country proxy when one is set.
 */
export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const refusals: EgressRefusalRecord[] = [];
  const upstream = options.upstreamProxyUrl ?? null;
  // Its own connections: a socket opened to one scan's checked address must never serve anyone else.
  const agent = new http.Agent({ keepAlive: true });
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    verbose: false,
    prepareRequestFunction: async ({ hostname, port, isHttp }) => {
      const target = new URL(`${isHttp ? 'http' : 'https'}://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}/`);
      const key = `${target.hostname.replace(/^\[|\]$/g, '')}:${port}`;
      try {
        const pinned = await checkEgressTarget(target, options.policy);
        options.onAllowed?.(key, pinned.address.address);
        if (upstream) return { upstreamProxyUrl: upstream, httpAgent: agent };
        const mapped = options.connectPorts?.[port];
        if (mapped !== undefined) {
          const address = pinned.address.address;
          return isHttp ? { httpAgent: fixedAgent(address, mapped) } : { customConnectServer: fixedTunnel(address, mapped) as never };
        }
        return { dnsLookup: pinnedLookup(pinned.address.address, pinned.address.family) as never, httpAgent: agent };
      } catch (error) {
        const reason = error instanceof EgressRefusedError ? error.message : 'Refused: the host could not be checked';
        refusals.push({ target: key, reason });
        throw new RequestError(reason, 403);
      }
    },
  });
  // A browser dropping a connection mid-request is routine here, not an error worth a crash.
  server.on('requestFailed', () => {});
  await server.listen();
  return {
    url: `http://127.0.0.1:${server.port}`,
    refusals,
    close: async () => {
      await server.close(true);
      agent.destroy();
    },
  };
}
