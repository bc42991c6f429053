import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export type CertstreamStandIn = {
  url: string;
  /** Connections accepted so far (a reconnecting client adds one each time). */
  readonly accepted: number;
  /** Sends a certstream `certificate_update` for a certificate with these names to every client. */
  publish(names: string[]): void;
  /** Sends any text frame (heartbeats, junk) to every client. */
  send(text: string): void;
  /** Drops every client connection, as a restarting certstream server does. */
  dropClients(): void;
  close(): Promise<void>;
};

function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x81, length]) : length < 65_536 ? Buffer.from([0x81, 126, length >> 8, length & 0xff]) : null;
  if (!head) throw new Error('frame too large for the stand-in');
  return Buffer.concat([head, payload]);
}

/** certstream's message for one certificate, as its server sends it (fields the client ignores trimmed). */
export function certificateUpdate(names: string[]): string {
  return JSON.stringify({
    message_type: 'certificate_update',
    data: {
      update_type: 'X509LogEntry',
      leaf_cert: { subject: { CN: names[0] }, all_domains: names, not_before: Date.now() / 1000 },
      cert_index: 1,
      seen: Date.now() / 1000,
      source: { name: 'Stand-in CT log', url: 'ct.example/log/' },
    },
  });
}

/**
 * A local stand-in for a certstream server: a real WebSocket server (RFC 6455 handshake, text
 * frames) that pushes certstream's JSON messages when the test says so.
 */
export async function startCertstreamStandIn(): Promise<CertstreamStandIn> {
  const clients = new Set<Duplex>();
  let accepted = 0;
  const server = http.createServer((_request, response) => response.writeHead(426).end());
  server.on('upgrade', (request, socket) => {
    const key = request.headers['sec-websocket-key'];
    if (!key) return socket.destroy();
    const accept = createHash('sha1').update(`${key}${WEBSOCKET_GUID}`).digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    accepted++;
    clients.add(socket);
    socket.on('data', () => {}); // the client's frames (pings, close) need no answer here
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => clients.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const send = (text: string) => {
    for (const client of clients) client.write(textFrame(text));
  };
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    get accepted() {
      return accepted;
    },
    publish: (names) => send(certificateUpdate(names)),
    send,
    dropClients() {
      for (const client of clients) client.destroy();
      clients.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.destroy();
        server.close(() => resolve());
      }),
  };
}
