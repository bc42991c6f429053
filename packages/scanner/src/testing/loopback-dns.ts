import dns2 from 'dns2';
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

/**
 * A real DNS server on loopback (UDP) answering A/AAAA from an in-memory zone, NXDOMAIN otherwise:
 * tests resolve realistic host names through the scanner's own resolver, as production does.
 */
export async function startLoopbackDns(zone: Record<string, ZoneEntry> = {}, port = 0, host = '127.0.0.1'): Promise<LoopbackDns> {
  const entries = new Map<string, ZoneEntry>(Object.entries(zone).map(([name, entry]) => [name.toLowerCase(), entry]));
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      if (!question) return send(response);
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const type = question.type === Packet.TYPE.AAAA ? 'AAAA' : question.type === Packet.TYPE.A ? 'A' : null;
      queries.push(`${type ?? question.type} ${name}`);
      const entry = entries.get(name);
      if (!entry) {
        response.header.rcode = NXDOMAIN;
        return send(response);
      }
      if ('fail' in entry) {
        if (entry.fail === 'timeout') return;
        response.header.rcode = SERVFAIL;
        return send(response);
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
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port, address: host } });
  const bound = addresses.udp?.port;
  if (!bound) throw new Error('loopback DNS did not start');
  return {
    server: `${host}:${bound}`,
    set: (name, entry) => void entries.set(name.toLowerCase(), entry),
    queries,
    close: () => server.close(),
  };
}
