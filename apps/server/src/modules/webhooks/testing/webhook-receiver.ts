import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The status the next requests get (204 by default): a test makes the endpoint fail and recover. */
  answerWith(status: number): void;
  /** The status the next request alone gets: an endpoint that fails once and recovers. */
  answerOnce(status: number): void;
  /** The next request not taken yet, waiting up to `timeoutMs`. */
  take(timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
};

/** A real HTTP endpoint on loopback that records every webhook it is sent, for tests. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 204;
  const once: number[] = [];
  let taken = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(once.shift() ?? status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/riskscan`,
    received,
    answerWith: (next) => void (status = next),
    answerOnce: (next) => void once.push(next),
    async take(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error(`no webhook within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received[taken++]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
