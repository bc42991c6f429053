import { connect, type Socket } from 'node:net';
import { decodeReply, encodeQuery, encodeQuestion, type WireType } from './dns-wire.ts';
import { parseServer, type UdpAnswer } from './udp-dns-client.ts';

type Pending = { question: Buffer; deadline: number; done: (answer: UdpAnswer) => void };

const SWEEP_MS = 25;
const NO_REPLY: UdpAnswer = { rcode: -1, records: [], truncated: false };

/**
 * DNS over one pipelined TCP connection (RFC 7766) for look-ups by the thousand: the queries of
 * one event-loop turn leave in a single write and the replies come back in a few reads, where
 * UDP costs a system call (and on loopback the whole delivery) per packet. Replies are matched
 * by ID and question; a closed connection fails what it carried, and the next query reconnects.
 */
export class TcpDnsClient {
  private socket: Socket | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = Math.floor(Math.random() * 0x10000);
  private sweeper: NodeJS.Timeout | null = null;
  private corked = false;
  private received = Buffer.alloc(0);
  // A server that refuses TCP is not asked again: its queries go to UDP at once.
  private refused = false;

  constructor(
    private readonly server: string,
    private readonly timeoutMs: number,
  ) {}

  query(name: string, type: WireType): Promise<UdpAnswer> {
    const question = encodeQuestion(name, type);
    if (question === null) return Promise.resolve({ rcode: 3, records: [], truncated: false });
    if (this.refused || this.pending.size >= 0xffff) return Promise.resolve(NO_REPLY);
    let id = this.nextId;
    while (this.pending.has(id)) id = (id + 1) & 0xffff;
    this.nextId = (id + 1) & 0xffff;
    const socket = this.connection();
    return new Promise((done) => {
      this.pending.set(id, { question, deadline: Date.now() + this.timeoutMs, done });
      this.startSweeping();
      const query = encodeQuery(id, question);
      const framed = Buffer.allocUnsafe(query.length + 2);
      framed.writeUInt16BE(query.length, 0);
      query.copy(framed, 2);
      if (!this.corked) {
        this.corked = true;
        socket.cork();
        process.nextTick(() => {
          this.corked = false;
          socket.uncork();
        });
      }
      socket.write(framed);
    });
  }

  private connection(): Socket {
    if (this.socket) return this.socket;
    const { host, port } = parseServer(this.server);
    const socket = connect({ host, port, noDelay: true });
    socket.unref();
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    let connected = false;
    socket.once('connect', () => (connected = true));
    const failAll = () => {
      if (this.socket !== socket) return;
      if (!connected) this.refused = true;
      this.socket = null;
      this.received = Buffer.alloc(0);
      for (const id of [...this.pending.keys()]) this.settle(id, NO_REPLY);
    };
    socket.on('error', failAll);
    socket.on('close', failAll);
    this.socket = socket;
    return socket;
  }

  private read(chunk: Buffer): void {
    let buffer = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    while (buffer.length >= 2) {
      const length = buffer.readUInt16BE(0);
      if (buffer.length < length + 2) break;
      const message = buffer.subarray(2, length + 2);
      buffer = buffer.subarray(length + 2);
      if (message.length < 12) continue;
      const id = message.readUInt16BE(0);
      const waiting = this.pending.get(id);
      if (!waiting) continue;
      const reply = decodeReply(message, waiting.question);
      if (reply) this.settle(id, { rcode: reply.rcode, records: reply.records, truncated: false });
    }
    this.received = Buffer.from(buffer);
  }

  private settle(id: number, answer: UdpAnswer): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    waiting.done(answer);
    if (this.pending.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [id, waiting] of this.pending) if (waiting.deadline <= now) this.settle(id, NO_REPLY);
    }, SWEEP_MS);
  }
}
