import dns2 from 'dns2';
import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import { isIPv4, isIPv6 } from 'node:net';

const { Packet } = dns2;
const SERVFAIL = 2;
const NXDOMAIN = 3;

/**
 * One record of any type, in dns2's field names: `{type: 'MX', exchange, priority}`,
 * `{type: 'TXT', data}`, `{type: 'CNAME' | 'PTR', domain}`, `{type: 'NS', ns}`,
 * `{type: 'CAA', flags, tag, value}`, `{type: 'SOA', primary, admin, serial, ...}`, `{type: 'A', address}`.
 */
export interface LoopbackRecord {
  type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'NS' | 'TXT' | 'CAA' | 'SOA' | 'PTR';
  ttl?: number;
  [field: string]: unknown;
}

/**
 * Addresses for a name: fixed, or computed per query (e.g. a rebinding attacker answering
 * differently); or `{records}` for a full zone entry of any record types; or a broken server's
 * behaviour for the name: `{fail: 'servfail'}` answers SERVFAIL, `{fail: 'timeout'}` never answers.
 */
export type ZoneEntry =
  | readonly string[]
  | ((type: 'A' | 'AAAA') => readonly string[])
  | { records: readonly LoopbackRecord[] }
  | { fail: 'servfail' | 'timeout' };

export interface LoopbackDns {
  /** `host:port` (`127.0.0.1` unless told otherwise), ready for `createResolver({servers: [server]})`. */
  server: string;
  set(name: string, entry: ZoneEntry): void;
  /** Names asked for, in order (lower case, with the record type). */
  queries: string[];
  close(): Promise<void>;
}

/** The one question of a query: its name in lower case, type, and where the question ends. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | null {
  if (message.length < 17 || message.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let offset = 12;
  for (let length = message[offset] ?? 0; length !== 0; length = message[offset] ?? 0) {
    if (length > 63 || offset + 1 + length >= message.length) return null;
    labels.push(message.toString('latin1', offset + 1, offset + 1 + length).toLowerCase());
    offset += length + 1;
  }
  if (offset + 5 > message.length) return null;
  return { name: labels.join('.'), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

/**
 * A real DNS server on loopback (UDP) answering A/AAAA from an in-memory zone, NXDOMAIN otherwise:
 * tests resolve realistic host names through the scanner's own resolver, as production does.
 */
export async function startLoopbackDns(zone: Record<string, ZoneEntry> = {}, port = 0, host = '127.0.0.1'): Promise<LoopbackDns> {
  const entries = new Map<string, ZoneEntry>(Object.entries(zone).map(([name, entry]) => [name.toLowerCase(), entry]));
  const queries: string[] = [];
  // Answers to fixed entries, by the request's bytes after its ID: a repeated question (the
  // benchmarks ask thousands) costs a copy instead of a parse and an encode.
  const cache = new Map<string, { log: string; reply: Buffer | null }>();

  /** The reply to one request, or null to stay silent; `cacheable` when the entry is fixed. */
  function answer(request: InstanceType<typeof Packet>): { log: string; reply: Buffer | null; cacheable: boolean } {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    if (!question) return { log: '', reply: response.toBuffer(), cacheable: false };
    const name = question.name.toLowerCase().replace(/\.$/, '');
    const type = question.type === Packet.TYPE.AAAA ? 'AAAA' : question.type === Packet.TYPE.A ? 'A' : null;
    const log = `${type ?? question.type} ${name}`;
    const entry = entries.get(name);
    if (!entry) {
      response.header.rcode = NXDOMAIN;
      return { log, reply: response.toBuffer(), cacheable: true };
    }
    if ('fail' in entry) {
      if (entry.fail === 'timeout') return { log, reply: null, cacheable: true };
      response.header.rcode = SERVFAIL;
      return { log, reply: response.toBuffer(), cacheable: true };
    }
    if ('records' in entry) {
      for (const { type: _type, ttl, ...fields } of entry.records.filter((record) => Packet.TYPE[record.type] === question.type)) {
        response.answers.push(Packet.createResourceFromQuestion(question, { ttl: ttl ?? 300, ...fields }));
      }
    } else if (type) {
      const addresses = typeof entry === 'function' ? entry(type) : (entry as readonly string[]);
      for (const address of addresses.filter((value) => (type === 'A' ? isIPv4(value) : isIPv6(value)))) {
        response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 1, address }));
      }
    }
    return { log, reply: response.toBuffer(), cacheable: typeof entry !== 'function' };
  }

  // Benchmarks keep hundreds of queries in flight: room for them, within Linux's rmem_max.
  const socket = createSocket({ type: 'udp4', recvBufferSize: 4 << 20 });
  socket.on('message', (message, peer) => {
    const reply = replyTo(message);
    if (reply) socket.send(reply, peer.port, peer.address);
  });

  function replyTo(message: Buffer): Buffer | null {
    const question = readQuestion(message);
    if (question) {
      // NXDOMAIN and SERVFAIL are written by hand: benchmarks ask thousands of absent names.
      const entry = entries.get(question.name);
      if (!entry || ('fail' in entry && entry.fail === 'servfail')) {
        queries.push(`${question.type === 1 ? 'A' : question.type === 28 ? 'AAAA' : question.type} ${question.name}`);
        const reply = Buffer.alloc(question.end);
        message.copy(reply, 0, 0, question.end);
        reply[2] = 0x80 | ((message[2] ?? 0) & 0x01);
        reply[3] = 0x80 | (entry ? SERVFAIL : NXDOMAIN);
        reply.writeUInt32BE(0x00010000, 4);
        reply.writeUInt32BE(0, 8);
        return reply;
      }
    }
    const key = message.toString('latin1', 2);
    let known = cache.get(key);
    if (!known) {
      let request: InstanceType<typeof Packet>;
      try {
        request = Packet.parse(message);
      } catch {
        return null;
      }
      const fresh = answer(request);
      known = fresh;
      if (fresh.cacheable) cache.set(key, { log: fresh.log, reply: fresh.reply });
    }
    if (known.log) queries.push(known.log);
    if (!known.reply) return null;
    const reply = Buffer.from(known.reply);
    message.copy(reply, 0, 0, 2);
    return reply;
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  // The same zone over TCP on the same port (RFC 7766: queries pipelined on one connection).
  const bound = socket.address().port;
  const connections = new Set<Socket>();
  const tcp = createServer((connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
    connection.on('error', () => connection.destroy());
    let pending = Buffer.alloc(0);
    connection.on('data', (chunk: Buffer) => {
      let buffer = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const replies: Buffer[] = [];
      while (buffer.length >= 2 && buffer.length >= buffer.readUInt16BE(0) + 2) {
        const reply = replyTo(buffer.subarray(2, buffer.readUInt16BE(0) + 2));
        buffer = buffer.subarray(buffer.readUInt16BE(0) + 2);
        if (!reply) continue;
        const length = Buffer.allocUnsafe(2);
        length.writeUInt16BE(reply.length, 0);
        replies.push(length, reply);
      }
      pending = Buffer.from(buffer);
      if (replies.length > 0) connection.write(Buffer.concat(replies));
    });
  });
  await new Promise<void>((resolve) => {
    // A TCP port already taken leaves the server on UDP alone.
    tcp.once('error', () => resolve());
    tcp.listen(bound, host, () => resolve());
  });
  return {
    server: `${host}:${bound}`,
    set: (name, entry) => {
      entries.set(name.toLowerCase(), entry);
      cache.clear();
    },
    queries,
    close: async () => {
      for (const connection of connections) connection.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
