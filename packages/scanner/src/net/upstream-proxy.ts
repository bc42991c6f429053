import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { SocksClient } from 'socks';
import { untilAborted } from './until-aborted.ts';

/**
 * Reaching a target through the chosen country's proxy (`SCAN_PROXIES`: http, https or socks).
 * The proxy is the operator's own, so connections to it are not guarded; what goes through it is,
 * before it is asked for (see `guardedFetch`). The proxy is only ever asked for a tunnel to the
 * address the guard checked, never for a name: a name it resolved itself could answer differently
 * there (DNS rebinding) and reach the proxy host's own network.
 */

const isSocks = (proxy: URL) => proxy.protocol.startsWith('socks');

const portOf = (proxy: URL) => Number(proxy.port) || (proxy.protocol === 'https:' ? 443 : isSocks(proxy) ? 1080 : 80);

/** `Proxy-Authorization` for a proxy URL with credentials; its user and password never go anywhere else. */
export function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username && !proxy.password) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** A connection to the proxy itself: TLS for an https:// proxy. */
export function connectToProxy(proxy: URL): net.Socket {
  const address = { host: proxy.hostname.replace(/^\[|\]$/g, ''), port: portOf(proxy) };
  return proxy.protocol === 'https:'
    ? tls.connect({ ...address, servername: net.isIP(address.host) ? undefined : address.host })
    : net.connect(address);
}

/**
 * A tunnel through the proxy to `address:port` (CONNECT, or SOCKS), ready for TLS or plain HTTP on
 * top. `address` must be an IP literal the egress guard checked: names are refused here.
 */
export async function openTunnel(proxy: URL, address: string, port: number, signal: AbortSignal): Promise<net.Socket> {
  const host = address.replace(/^\[|\]$/g, '');
  if (net.isIP(host) === 0) throw new Error(`A proxy tunnel goes to a checked address, not to the name ${address}`);
  if (isSocks(proxy)) {
    const connecting = SocksClient.createConnection({
      proxy: {
        host: proxy.hostname.replace(/^\[|\]$/g, ''),
        port: portOf(proxy),
        type: proxy.protocol === 'socks4:' ? 4 : 5,
        userId: decodeURIComponent(proxy.username) || undefined,
        password: decodeURIComponent(proxy.password) || undefined,
      },
      command: 'connect',
      destination: { host, port },
    });
    return (await untilAborted(connecting, signal)).socket;
  }
  const authority = `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
  return new Promise((resolve, reject) => {
    const request = http.request({
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...proxyAuthorization(proxy) },
      createConnection: () => connectToProxy(proxy),
      signal,
    });
    request.once('connect', (response, socket, head) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        reject(new Error(`The scan location's proxy refused the tunnel to ${authority} (${response.statusCode})`));
        return;
      }
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    request.once('error', reject);
    request.end();
  });
}
