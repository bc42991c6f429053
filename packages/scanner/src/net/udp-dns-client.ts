import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { decodeReply, encodeQuery, encodeQuestion, type WireType } from './dns-wire.ts';

/** What a server said: records, or a response code (3 NXDOMAIN), or -1 for no reply in time; `truncated` asks for TCP. */
export type UdpAnswer = { rcode: number; records: string[]; truncated: boolean };

type Server = { host: string; port: number; socket: Socket | null; connected: Promise<void> | null };
type Pending = { question: Buffer; deadline: number; done: (answer: UdpAnswer) => void };

const SWEEP_MS = 25;
const NO_REPLY: UdpAnswer = { rcode: -1, records: [], truncated: false };

/** `ip`, `ip:port` or `[ipv6]:port` (port 53 by default). */
export function parseServer(server: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (bracketed) return { host: bracketed[1] as string, port: Number(bracketed[2] ?? 53) };
  if (isIPv6(server)) return { host: server, port: 53 };
  const [host = server, port = '53'] = server.split(':');
  return { host, port: Number(port) };
}

/**
 * A plain UDP DNS client for many look-ups at once: one socket per server, replies matched by ID
 * and question, one timer sweeping deadlines. It exists because each c-ares query through
 * `node:dns` costs far more than the packet itself; checking thousands of look-alikes is
 * bound by that cost. Servers are tried in turn, one per try.
 */
export class UdpDnsClient {
  private readonly servers: Server[];
  private readonly pending = new Map<number, Pending>();
  private nextId = Math.floor(Math.random() * 0x10000);
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    servers: readonly string[],
    private readonly timeoutMs: number,
    private readonly tries: number,
  ) {
    this.servers = servers.map((server) => ({ ...parseServer(server), socket: null, connected: null }));
  }

  async query(name: string, type: WireType): Promise<UdpAnswer> {
    const question = encodeQuestion(name, type);
    if (question === null) return { rcode: 3, records: [], truncated: false };
    let answer = NO_REPLY;
    for (let attempt = 0; attempt < this.tries && answer.rcode === -1; attempt++) {
      answer = await this.once(question, attempt % this.servers.length);
    }
    return answer;
  }

  private async once(question: Buffer, serverIndex: number): Promise<UdpAnswer> {
    const server = this.servers[serverIndex];
    if (!server) return NO_REPLY;
    const socket = this.socketFor(server);
    if (server.connected) await server.connected;
    return this.sendOn(socket, question);
  }

  private sendOn(socket: Socket, question: Buffer): Promise<UdpAnswer> {
    if (this.pending.size >= 0xffff) return Promise.resolve(NO_REPLY);
    let id = this.nextId;
    while (this.pending.has(id)) id = (id + 1) & 0xffff;
    this.nextId = (id + 1) & 0xffff;
    return new Promise((done) => {
      this.pending.set(id, { question, deadline: Date.now() + this.timeoutMs, done });
      this.startSweeping();
      // A failed send surfaces as the socket's error and this query's timeout.
      socket.send(encodeQuery(id, question));
    });
  }

  private socketFor(server: Server): Socket {
    if (server.socket) return server.socket;
    // Room for the replies to hundreds of queries in flight (the kernel caps it at rmem_max).
    const socket = createSocket({ type: isIPv6(server.host) ? 'udp6' : 'udp4', recvBufferSize: 1 << 20 });
    socket.on('message', (message) => {
      if (message.length < 12) return;
      const id = message.readUInt16BE(0);
      const waiting = this.pending.get(id);
      if (!waiting) return;
      const reply = decodeReply(message, waiting.question);
      if (reply) this.settle(id, { rcode: reply.rcode, records: reply.records, truncated: reply.truncated });
    });
    socket.on('error', () => {});
    // Idle sockets must not keep a process alive; the sweeper does while answers are awaited.
    socket.unref();
    // Connected: the kernel drops datagrams from anyone but the server, and sends skip a look-up.
    // A failed connect leaves sends failing, so queries time out.
    server.connected = new Promise<void>((connected) => {
      socket.once('error', () => connected());
      socket.connect(server.port, server.host, () => connected());
    }).then(() => {
      server.connected = null;
    });
    server.socket = socket;
    return socket;
  }

  private settle(id: number, answer: UdpAnswer): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    waiting.done(answer);
    if (this.pending.size === 0) this.stopSweeping();
  }

  private startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [id, waiting] of this.pending) if (waiting.deadline <= now) this.settle(id, NO_REPLY);
    }, SWEEP_MS);
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }
}
