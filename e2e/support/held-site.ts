import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A site on loopback that never answers: a scan of it waits in its fetching stage (up to the
 * fetch's 15 s limit), long enough for a test to follow the scan and cancel it.
 */
export async function startHeldSite(): Promise<{ url: (path: string) => string; close(): void }> {
  const waiting: http.ServerResponse[] = [];
  const server = http.createServer((_request, response) => waiting.push(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close() {
      for (const response of waiting) response.destroy();
      server.close();
    },
  };
}
