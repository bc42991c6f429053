import { certificateNames } from './certificate-names.ts';

/** RFC 6962 §3.4: a log entry's `leaf_input`, a MerkleTreeLeaf holding a TimestampedEntry. */
export type LogEntry = {
  /** When the log saw the certificate (the entry's timestamp, milliseconds since the epoch). */
  timestamp: number;
  kind: 'certificate' | 'precertificate';
  names: string[];
};

const TIMESTAMPED_ENTRY = 0;
const X509_ENTRY = 0;
const PRECERT_ENTRY = 1;
/** version (1) + leaf type (1) + timestamp (8) + entry type (2). */
const HEADER_BYTES = 12;
const ISSUER_KEY_HASH_BYTES = 32;

function opaque24(leaf: Buffer, at: number): Buffer | null {
  if (at + 3 > leaf.length) return null;
  const length = leaf.readUIntBE(at, 3);
  return at + 3 + length <= leaf.length ? leaf.subarray(at + 3, at + 3 + length) : null;
}

/**
 * Reads one `leaf_input`: an X.509 entry carries the whole certificate, a precertificate entry the
 * issuer's key hash and the TBSCertificate. Leaves of another version or type, or cut short, are null.
 */
export function decodeLeaf(leaf: Buffer): LogEntry | null {
  if (leaf.length < HEADER_BYTES || leaf[0] !== 0 || leaf[1] !== TIMESTAMPED_ENTRY) return null;
  const timestamp = Number(leaf.readBigUInt64BE(2));
  const type = leaf.readUInt16BE(10);
  if (type === X509_ENTRY) {
    const certificate = opaque24(leaf, HEADER_BYTES);
    return certificate ? { timestamp, kind: 'certificate', names: certificateNames(certificate) } : null;
  }
  if (type === PRECERT_ENTRY) {
    const tbs = opaque24(leaf, HEADER_BYTES + ISSUER_KEY_HASH_BYTES);
    return tbs ? { timestamp, kind: 'precertificate', names: certificateNames(tbs) } : null;
  }
  return null;
}
