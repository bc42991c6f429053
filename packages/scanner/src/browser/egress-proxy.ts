import type { LookupAddress, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { RequestError, Server } from 'proxy-chain';
import { checkEgressTarget, EgressRefusedError, type EgressPolicy } from '../net/egress-guard.ts';
import { openTunnel } from '../net/upstream-proxy.ts';

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

/** Opens the connection a request or tunnel goes over. */
type Connect = () => Promise<net.Socket>;

/** An agent whose every connection is `connect()`'s, whatever the request named. */
function agentOver(connect: Connect): http.Agent {
  const agent = new http.Agent({ keepAlive: false });
  // Node's agents accept a connection handed over later through the callback.
  agent.createConnection = ((_options: unknown, done: (error: Error | null, socket?: net.Socket) => void) => {
    connect().then(
      (socket) => done(null, socket),
      (error: Error) => done(error),
    );
    return undefined;
  }) as unknown as http.Agent['createConnection'];
  return agent;
}

/** A stand-in "server" for proxy-chain's CONNECT hand-off that pipes each tunnel into `connect()`'s connection. */
function tunnelOver(connect: Connect): net.Server {
  const tunnel = new net.Server();
  tunnel.on('connection', (socket: net.Socket) => {
    socket.on('error', () => socket.destroy());
    connect().then(
      (target) => {
        target.on('error', () => socket.destroy());
        socket.on('error', () => target.destroy());
        socket.pipe(target).pipe(socket);
      },
      () => socket.destroy(),
    );
  });
  return tunnel;
}

const direct =
  (address: string, port: number): Connect =>
  async () =>
    net.connect({ host: address, port });

/** Connections to one fixed address and port, whatever the request named: how a mapped port is reached. */
export const fixedAgent = (address: string, port: number) => agentOver(direct(address, port));

/** A CONNECT hand-off piping each tunnel to one address and port. */
export const fixedTunnel = (address: string, port: number) => tunnelOver(direct(address, port));

/** How long the country proxy may take to open a tunnel. */
const UPSTREAM_TUNNEL_TIMEOUT_MS = 15_000;

/** Through the country proxy to the checked address (never the name, which the proxy would resolve again). */
const viaUpstream =
  (upstream: URL, address: string, port: number): Connect =>
  () =>
    openTunnel(upstream, address, port, AbortSignal.timeout(UPSTREAM_TUNNEL_TIMEOUT_MS));

/**
 * Starts a proxy that resolves and checks every host the browser asks for (plain HTTP requests and
 * CONNECT tunnels alike, so HTTPS, WebSockets, fetch/XHR, frames and redirects all pass the same
 * guard), then connects to the checked address, or through the upstream country proxy when one is set.
 */
export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const refusals: EgressRefusalRecord[] = [];
  const upstream = options.upstreamProxyUrl ? new URL(options.upstreamProxyUrl) : null;
  // Its own connections: a socket opened to one scan's checked address must never serve anyone else.
  const agent = new http.Agent({ keepAlive: true });
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    verbose: false,
    prepareRequestFunction: async ({ hostname, port, isHttp }) => {
      // proxy-chain hands IPv6 hosts over already bracketed, as URLs spell them.
      const bare = hostname.replace(/^\[|\]$/g, '');
      const key = `${bare}:${port}`;
      try {
        const target = new URL(`${isHttp ? 'http' : 'https'}://${net.isIPv6(bare) ? `[${bare}]` : bare}:${port}/`);
        const pinned = await checkEgressTarget(target, options.policy);
        const address = pinned.address.address;
        options.onAllowed?.(key, address);
        if (upstream) {
          const connect = viaUpstream(upstream, address, port);
          return isHttp ? { httpAgent: agentOver(connect) } : { customConnectServer: tunnelOver(connect) as never };
        }
        const mapped = options.connectPorts?.[port];
        if (mapped !== undefined) {
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
