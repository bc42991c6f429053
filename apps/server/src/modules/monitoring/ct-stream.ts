import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** certstream's JSON messages; only certificate updates carry names, heartbeats keep the line open. */
const certstreamMessage = z.object({
  message_type: z.string(),
  data: z.object({ leaf_cert: z.object({ all_domains: z.array(z.string()) }) }).optional(),
});

export type CtStreamOptions = {
  url: string;
  onNames(names: string[]): Promise<unknown>;
  log: FastifyBaseLogger;
  /** First reconnection delay, doubled after each failed attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

export type CtStream = { readonly connections: number; close(): void };

/** The names of a certstream message: a certificate update's `data.leaf_cert.all_domains`, nothing for anything else. */
export function certificateNames(text: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const message = certstreamMessage.safeParse(json);
  if (!message.success || message.data.message_type !== 'certificate_update') return [];
  return message.data.data?.leaf_cert.all_domains ?? [];
}

/**
 * A certstream client (`CT_STREAM_URL`, WebSocket): every certificate's names go to `onNames`.
 * It reconnects whenever the stream drops, backing off exponentially while the server stays
 * away and starting afresh once a connection opens.
 */
export function startCtStream(options: CtStreamOptions): CtStream {
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 60_000;
  let delay = initial;
  let closed = false;
  let socket: WebSocket | null = null;
  let timer: NodeJS.Timeout | undefined;
  let connections = 0;

  const connect = () => {
    if (closed) return;
    socket = new WebSocket(options.url);
    socket.addEventListener('open', () => {
      connections++;
      delay = initial;
      options.log.info({ url: options.url }, 'certificate-transparency stream connected');
    });
    socket.addEventListener('message', (event) => {
      const names = certificateNames(typeof event.data === 'string' ? event.data : '');
      if (names.length > 0)
        options.onNames(names).catch((error: unknown) => options.log.warn({ err: error }, 'certificate names not recorded'));
    });
    socket.addEventListener('close', () => {
      socket = null;
      if (closed) return;
      options.log.warn({ url: options.url, retryInMs: delay }, 'certificate-transparency stream closed, reconnecting');
      timer = setTimeout(connect, delay);
      timer.unref();
      delay = Math.min(max, delay * 2);
    });
  };
  connect();
  return {
    get connections() {
      return connections;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
