import { describe, expect, it } from 'vitest';
import { decodeReply, encodeQuery, encodeQuestion } from './dns-wire.ts';

const name = (text: string) =>
  Buffer.concat([...text.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])), Buffer.from([0])]);
const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u32 = (value: number) => Buffer.from([value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
const record = (owner: Buffer, type: number, data: Buffer) => Buffer.concat([owner, u16(type), u16(1), u32(300), u16(data.length), data]);

function reply(id: number, question: Buffer, rcode: number, answers: Buffer[]): Buffer {
  return Buffer.concat([u16(id), u16(0x8180 | rcode), u16(1), u16(answers.length), u16(0), u16(0), question, ...answers]);
}

describe('DNS wire format', () => {
  it('writes one recursive question with an EDNS offer', () => {
    const question = encodeQuestion('paypa1.com', 'NS');
    expect(question).toEqual(Buffer.concat([name('paypa1.com'), u16(2), u16(1)]));
    const query = encodeQuery(0x1234, question as Buffer);
    expect(query.readUInt16BE(0)).toBe(0x1234);
    expect(query.readUInt16BE(2)).toBe(0x0100);
    expect(query.readUInt16BE(10)).toBe(1);
    expect(encodeQuestion('bad..name', 'A')).toBeNull();
    expect(encodeQuestion(`${'a'.repeat(64)}.com`, 'A')).toBeNull();
  });

  it('reads the records of the asked type, following compression pointers and skipping a CNAME', () => {
    const question = encodeQuestion('www.paypa1.com', 'A') as Buffer;
    const pointer = Buffer.from([0xc0, 12]);
    const cname = record(pointer, 5, Buffer.concat([Buffer.from([4]), Buffer.from('edge'), Buffer.from([0xc0, 16])]));
    const a = record(Buffer.from([0xc0, 12]), 1, Buffer.from([198, 51, 100, 7]));
    expect(decodeReply(reply(7, question, 0, [cname, a]), question)).toEqual({
      id: 7,
      rcode: 0,
      truncated: false,
      records: ['198.51.100.7'],
    });

    const nsQuestion = encodeQuestion('paypa1.com', 'NS') as Buffer;
    const ns = record(Buffer.from([0xc0, 12]), 2, Buffer.concat([Buffer.from([3]), Buffer.from('ns1'), Buffer.from([0xc0, 12])]));
    expect(decodeReply(reply(8, nsQuestion, 0, [ns]), nsQuestion)?.records).toEqual(['ns1.paypa1.com']);
    const mxQuestion = encodeQuestion('paypa1.com', 'MX') as Buffer;
    const mx = record(Buffer.from([0xc0, 12]), 15, Buffer.concat([u16(10), Buffer.from([2]), Buffer.from('mx'), Buffer.from([0xc0, 12])]));
    expect(decodeReply(reply(9, mxQuestion, 0, [mx]), mxQuestion)?.records).toEqual(['mx.paypa1.com']);
  });

  it('reports NXDOMAIN and truncation, and refuses replies to another question or looping names', () => {
    const question = encodeQuestion('paypa1.com', 'A') as Buffer;
    expect(decodeReply(reply(1, question, 3, []), question)).toMatchObject({ rcode: 3, records: [] });
    const truncated = reply(1, question, 0, []);
    truncated.writeUInt16BE(truncated.readUInt16BE(2) | 0x0200, 2);
    expect(decodeReply(truncated, question)?.truncated).toBe(true);
    const other = encodeQuestion('paypal.com', 'A') as Buffer;
    expect(decodeReply(reply(1, other, 0, []), question)).toBeNull();
    const loop = record(Buffer.from([0xc0, 12 + question.length]), 1, Buffer.from([1, 2, 3, 4]));
    expect(decodeReply(reply(1, question, 0, [loop]), question)).toBeNull();
    // Case may change on the way back (0x20 encoding): still the same question.
    const upper = Buffer.from(question);
    upper.write('P', 1, 'latin1');
    expect(decodeReply(reply(2, upper, 0, []), question)).toMatchObject({ id: 2 });
  });
});
