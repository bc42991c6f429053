import http from 'node:http';
import net from 'node:net';
import type { FixtureWorld } from '@riskscan/scanner/testing';

export type CountryExitProxy = { url: string; close(): Promise<void> };

/**
 * A stand-in for a country's exit proxy (`SCAN_PROXIES`): an HTTP forward proxy speaking CONNECT,
 * as a proxy provider's does, that reaches the fixture world. It resolves names with the world's
 * DNS and connects to its servers' free ports, where a real exit would reach the Internet.
 */
export async function startCountryExitProxy(world: FixtureWorld): Promise<CountryExitProxy> {
  const ports: Record<number, number> = { 80: world.server.httpPort, 443: world.server.httpsPort };
  const proxy = http.createServer((_request, response) => response.writeHead(405).end('CONNECT only'));
  // Tunnels leave the HTTP server's bookkeeping, so closing must end them itself.
  const tunnels = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
  };
  proxy.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    track(client);
    const target = new URL(`http://${request.url ?? ''}`);
    const port = Number(target.port || 443);
    client.on('error', () => undefined);
    world.resolver.resolve(target.hostname).then(
      ([resolved]) => {
        if (!resolved) return client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        const upstream = net.connect(ports[port] ?? port, resolved.address, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          upstream.write(head);
          upstream.pipe(client).pipe(upstream);
        });
        track(upstream);
        upstream.on('error', () => client.destroy());
      },
      () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'),
    );
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
