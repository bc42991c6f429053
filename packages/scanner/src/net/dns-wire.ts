import ipaddr from 'ipaddr.js';

/**
 * DNS messages on the wire (RFC 1035) for the record look-ups of `udp-dns-client.ts`: one
 * question out, the answer section of the requested type back.
 */
export const TYPE_CODES = { A: 1, NS: 2, MX: 15, AAAA: 28 } as const;
export type WireType = keyof typeof TYPE_CODES;

const EDNS_PAYLOAD = 1232;
const CLASS_IN = 1;
const TYPE_OPT = 41;

/** The question section's bytes for a name and type (also used to match the reply). */
export function encodeQuestion(name: string, type: WireType): Buffer | null {
  const labels = name.replace(/\.$/, '').split('.');
  let length = 5;
  for (const label of labels) {
    if (label.length === 0 || label.length > 63) return null;
    length += label.length + 1;
  }
  if (length > 255 + 5) return null;
  const question = Buffer.alloc(length);
  let offset = 0;
  for (const label of labels) {
    question[offset++] = label.length;
    offset += question.write(label, offset, 'latin1');
  }
  question[offset++] = 0;
  question.writeUInt16BE(TYPE_CODES[type], offset);
  question.writeUInt16BE(CLASS_IN, offset + 2);
  return question;
}

/** A recursive query (RD set) with an EDNS OPT record offering a 1232-byte reply, as dnstwist sends. */
export function encodeQuery(id: number, question: Buffer): Buffer {
  const message = Buffer.alloc(12 + question.length + 11);
  message.writeUInt16BE(id, 0);
  message.writeUInt16BE(0x0100, 2);
  message.writeUInt16BE(1, 4);
  message.writeUInt16BE(1, 10);
  question.copy(message, 12);
  const opt = 12 + question.length;
  message[opt] = 0;
  message.writeUInt16BE(TYPE_OPT, opt + 1);
  message.writeUInt16BE(EDNS_PAYLOAD, opt + 3);
  return message;
}

export type WireReply = { id: number; rcode: number; truncated: boolean; records: string[] };

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  let end = -1;
  for (let jumps = 0; jumps < 64; jumps++) {
    const length = message[offset];
    if (length === undefined) throw new RangeError('name runs past the message');
    if (length === 0) {
      if (end < 0) end = offset + 1;
      return { name: labels.join('.'), end };
    }
    if ((length & 0xc0) === 0xc0) {
      if (end < 0) end = offset + 2;
      offset = message.readUInt16BE(offset) & 0x3fff;
      continue;
    }
    labels.push(message.toString('latin1', offset + 1, offset + 1 + length));
    offset += length + 1;
  }
  throw new RangeError('name compression loops');
}

/**
 * The reply to `question`, or null when the bytes are no reply to it (another question, a
 * malformed or spoofed packet). Records of the asked type only, in text: addresses, host names.
 */
export function decodeReply(message: Buffer, question: Buffer): WireReply | null {
  if (message.length < 12 + question.length) return null;
  const flags = message.readUInt16BE(2);
  if ((flags & 0x8000) === 0 || message.readUInt16BE(4) !== 1) return null;
  if (message.compare(question, 0, question.length, 12, 12 + question.length) !== 0) {
    // Servers may answer with the name's case changed; compare without case.
    if (message.toString('latin1', 12, 12 + question.length).toLowerCase() !== question.toString('latin1').toLowerCase()) return null;
  }
  const type = question.readUInt16BE(question.length - 4);
  const reply: WireReply = { id: message.readUInt16BE(0), rcode: flags & 0x0f, truncated: (flags & 0x0200) !== 0, records: [] };
  try {
    let offset = 12 + question.length;
    for (let count = message.readUInt16BE(6); count > 0; count--) {
      offset = readName(message, offset).end;
      const recordType = message.readUInt16BE(offset);
      const length = message.readUInt16BE(offset + 8);
      const data = offset + 10;
      if (data + length > message.length) return null;
      if (recordType === type) {
        if (type === TYPE_CODES.A || type === TYPE_CODES.AAAA) {
          reply.records.push(ipaddr.fromByteArray([...message.subarray(data, data + length)]).toString());
        } else if (type === TYPE_CODES.MX) reply.records.push(readName(message, data + 2).name);
        else reply.records.push(readName(message, data).name);
      }
      offset = data + length;
    }
  } catch {
    return null;
  }
  return reply;
}
