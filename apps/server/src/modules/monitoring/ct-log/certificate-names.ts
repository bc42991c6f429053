/**
 * The DNS names a certificate is for, read straight from its DER: the subject's common names and
 * the subjectAltName extension's dNSName entries. A log entry carries either a whole certificate
 * or, for a precertificate, only its TBSCertificate; both are read here without OpenSSL, which
 * cannot parse a bare TBSCertificate and is far slower than this walk at log volume.
 */

type Element = { tag: number; start: number; end: number };

const SEQUENCE = 0x30;
const SET = 0x31;
const OID = 0x06;
const OCTET_STRING = 0x04;
const EXPLICIT_EXTENSIONS = 0xa3;
const DNS_NAME = 0x82;
/** 2.5.4.3, commonName. */
const OID_COMMON_NAME = Buffer.from([0x55, 0x04, 0x03]);
/** 2.5.29.17, subjectAltName. */
const OID_SUBJECT_ALT_NAME = Buffer.from([0x55, 0x1d, 0x11]);

class DerError extends Error {}

function readElement(der: Buffer, at: number, limit: number): Element {
  if (at + 2 > limit) throw new DerError('truncated');
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4 || start + octets > limit) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + der[start + i]!;
    start += octets;
  }
  const end = start + length;
  if (end > limit) throw new DerError('overrun');
  return { tag, start, end };
}

function children(der: Buffer, parent: Element): Element[] {
  const out: Element[] = [];
  for (let at = parent.start; at < parent.end;) {
    const child = readElement(der, at, parent.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

function sameBytes(der: Buffer, element: Element, expected: Buffer): boolean {
  return element.end - element.start === expected.length && der.compare(expected, 0, expected.length, element.start, element.end) === 0;
}

/** A certificate (SEQUENCE of TBSCertificate, algorithm, signature) or a bare TBSCertificate: the TBSCertificate. */
function tbsOf(der: Buffer): Element {
  const outer = readElement(der, 0, der.length);
  if (outer.tag !== SEQUENCE) throw new DerError('not a sequence');
  const first = readElement(der, outer.start, outer.end);
  // A whole certificate starts with the TBSCertificate SEQUENCE; a TBSCertificate with its version [0] or serial INTEGER.
  return first.tag === SEQUENCE ? first : outer;
}

function commonNames(der: Buffer, subject: Element): string[] {
  const names: string[] = [];
  for (const relative of children(der, subject)) {
    if (relative.tag !== SET) continue;
    for (const attribute of children(der, relative)) {
      const [type, value] = children(der, attribute);
      if (type?.tag === OID && value && sameBytes(der, type, OID_COMMON_NAME)) names.push(der.toString('latin1', value.start, value.end));
    }
  }
  return names;
}

function subjectAltNames(der: Buffer, extensions: Element): string[] {
  const names: string[] = [];
  const [list] = children(der, extensions);
  if (!list) return names;
  for (const extension of children(der, list)) {
    const parts = children(der, extension);
    const id = parts[0];
    const value = parts[parts.length - 1];
    if (!id || !value || value.tag !== OCTET_STRING || !sameBytes(der, id, OID_SUBJECT_ALT_NAME)) continue;
    const general = readElement(der, value.start, value.end);
    for (const name of children(der, general)) if (name.tag === DNS_NAME) names.push(der.toString('latin1', name.start, name.end));
  }
  return names;
}

/**
 * Lower-cased, de-duplicated names of a certificate or TBSCertificate, wildcards reduced to the name
 * they cover (`*.example.com` → `example.com`). Anything that is not well-formed DER gives no names.
 */
export function certificateNames(der: Buffer): string[] {
  try {
    const fields = children(der, tbsOf(der));
    // version [0] is optional: without it the serial number comes first and every field moves up one.
    const offset = fields[0]?.tag === 0xa0 ? 1 : 0;
    const subject = fields[offset + 4];
    const extensions = fields.find((field) => field.tag === EXPLICIT_EXTENSIONS);
    const found = [
      ...(subject?.tag === SEQUENCE ? commonNames(der, subject) : []),
      ...(extensions ? subjectAltNames(der, extensions) : []),
    ];
    const names = new Set<string>();
    for (const raw of found) {
      const name = raw.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
      if (name.includes('.') && !name.includes(' ')) names.add(name);
    }
    return [...names];
  } catch (error) {
    if (error instanceof DerError) return [];
    throw error;
  }
}
