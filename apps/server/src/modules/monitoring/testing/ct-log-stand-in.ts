import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** DER's tag-length-value, with the long length form past 127 bytes. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const length = body.length;
  const head =
    length < 0x80
      ? Buffer.from([tag, length])
      : length < 0x100
        ? Buffer.from([tag, 0x81, length])
        : length < 0x10000
          ? Buffer.from([tag, 0x82, length >> 8, length & 0xff])
          : Buffer.from([tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff]);
  return Buffer.concat([head, body]);
}

const seq = (...content: Buffer[]) => tlv(0x30, ...content);
const oid = (...bytes: number[]) => tlv(0x06, Buffer.from(bytes));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const utcTime = (date: Date) => tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'latin1'));
/** 1.2.840.10045.4.3.2, ecdsa-with-SHA256. */
const ECDSA_SHA256 = seq(oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02));
const name = (commonName: string) => seq(tlv(0x31, seq(oid(0x55, 0x04, 0x03), utf8(commonName))));

/**
 * A TBSCertificate as CAs issue them for the web: v3, an issuer, a validity, the first name as
 * subject CN and every name in subjectAltName. The key and signature are random bytes: what a log
 * entry carries is parsed here, never verified.
 */
export function tbsCertificate(names: readonly string[], issuer = 'Stand-in Issuing CA'): Buffer {
  const now = new Date();
  const san = seq(...names.map((dnsName) => tlv(0x82, Buffer.from(dnsName, 'latin1'))));
  const extensions = tlv(0xa3, seq(seq(oid(0x55, 0x1d, 0x11), tlv(0x04, san))));
  const publicKey = seq(
    seq(oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01), oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07)),
    tlv(0x03, Buffer.from([0x00, 0x04]), randomBytes(64)),
  );
  return seq(
    tlv(0xa0, tlv(0x02, Buffer.from([0x02]))),
    tlv(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    ECDSA_SHA256,
    name(issuer),
    seq(utcTime(now), utcTime(new Date(now.getTime() + 90 * 86_400_000))),
    name(names[0] ?? 'example.invalid'),
    publicKey,
    extensions,
  );
}

/** A whole certificate around a TBSCertificate (algorithm and a random signature). */
export function certificateOf(tbs: Buffer): Buffer {
  return seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0x00]), randomBytes(72)));
}

/** RFC 6962 §3.4 MerkleTreeLeaf (v1, timestamped_entry) of a certificate or a precertificate. */
export function merkleTreeLeaf(entry: { certificate: Buffer } | { tbs: Buffer; issuerKeyHash?: Buffer }, timestamp = Date.now()): Buffer {
  const header = Buffer.alloc(12);
  header.writeBigUInt64BE(BigInt(timestamp), 2);
  const opaque24 = (bytes: Buffer) => {
    const length = Buffer.alloc(3);
    length.writeUIntBE(bytes.length, 0, 3);
    return Buffer.concat([length, bytes]);
  };
  const noExtensions = Buffer.from([0, 0]);
  if ('certificate' in entry) return Buffer.concat([header, opaque24(entry.certificate), noExtensions]);
  header.writeUInt16BE(1, 10);
  return Buffer.concat([header, entry.issuerKeyHash ?? randomBytes(32), opaque24(entry.tbs), noExtensions]);
}

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** RFC 6962 §2.1 Merkle Tree Hash over the leaves. */
export function merkleTreeHash(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return sha256(Buffer.from([0]), leaves[0]!);
  let split = 1;
  while (split * 2 < leaves.length) split *= 2;
  return sha256(Buffer.from([1]), merkleTreeHash(leaves.slice(0, split)), merkleTreeHash(leaves.slice(split)));
}

export type CtLogStandIn = {
  /** The log's base URL (what `CT_LOGS` names), with its trailing slash. */
  url: string;
  /** Appends leaves, as a log does when it integrates submitted certificates. */
  append(...leaves: Buffer[]): void;
  readonly size: number;
  /** `get-entries` requests answered so far. */
  readonly entryRequests: number;
  /** Answers every request with this status from now on (null: answer again). */
  fail(status: number | null): void;
  close(): Promise<void>;
};

/**
 * An RFC 6962 log on loopback: `get-sth` with the tree's real Merkle root, `get-entries` capped at
 * `maxEntries` a request the way public logs cap theirs. Signatures are empty: clients here read
 * names, they do not audit.
 */
export async function startCtLogStandIn(options: { maxEntries?: number; path?: string } = {}): Promise<CtLogStandIn> {
  const maxEntries = options.maxEntries ?? 32;
  const base = options.path ?? '/logs/standin2026h2/';
  const leaves: Buffer[] = [];
  let entryRequests = 0;
  let failing: number | null = null;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (failing !== null) return json(failing, { error: 'unavailable' });
    if (url.pathname === `${base}ct/v1/get-sth`) {
      return json(200, {
        tree_size: leaves.length,
        timestamp: Date.now(),
        sha256_root_hash: merkleTreeHash(leaves).toString('base64'),
        tree_head_signature: '',
      });
    }
    if (url.pathname === `${base}ct/v1/get-entries`) {
      entryRequests++;
      const start = Number(url.searchParams.get('start'));
      const end = Number(url.searchParams.get('end'));
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || start >= leaves.length)
        return json(400, { error: 'bad range' });
      const last = Math.min(end, leaves.length - 1, start + maxEntries - 1);
      return json(200, {
        entries: leaves.slice(start, last + 1).map((leaf) => ({ leaf_input: leaf.toString('base64'), extra_data: '' })),
      });
    }
    return json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`,
    append: (...added) => void leaves.push(...added),
    get size() {
      return leaves.length;
    },
    get entryRequests() {
      return entryRequests;
    },
    fail: (status) => void (failing = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
