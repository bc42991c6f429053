import { decodeEncodedWords } from './encoded-words.ts';

/**
 * The leaf parts of a MIME message with their bytes as sent, after transfer decoding and nothing
 * else (no line-ending changes, no added newline): attachment hashes match other tools', and
 * messages inside messages are read again from their exact bytes. Linear in the input (each
 * level of multipart nesting scans its own body once; levels and parts are bounded), which a
 * general-purpose parser is not on messages of many short lines or parts.
 */
export type RawPart = {
  contentType: string;
  /** `attachment`, `inline`, or null when the part does not say. */
  disposition: string | null;
  filename: string | null;
  charset: string | null;
  content: Uint8Array;
};

export type RawPartLimits = { maxParts: number; maxDepth: number };

const LF = 0x0a;
const MAX_FIELD_CHARS = 8 * 1024;
const CR = 0x0d;

type Range = { start: number; end: number };

/** Line ranges (without their line ending) of `buffer[start, end)`, as the scan reaches them. */
function* lines(buffer: Buffer, start: number, end: number): Generator<Range & { next: number }> {
  let position = start;
  while (position < end) {
    let newline = buffer.indexOf(LF, position);
    if (newline === -1 || newline >= end) newline = end;
    const lineEnd = newline > position && buffer[newline - 1] === CR ? newline - 1 : newline;
    yield { start: position, end: lineEnd, next: Math.min(newline + 1, end) };
    position = newline + 1;
  }
}

type Headers = Omit<RawPart, 'content'> & { boundary: string | null; encoding: string; bodyStart: number };

function unquote(raw: string): string {
  if (!raw.startsWith('"')) return raw;
  const end = raw.indexOf('"', 1);
  return raw.slice(1, end === -1 ? undefined : end);
}

function percentDecoded(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '%' && /^[0-9a-f]{2}$/i.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  try {
    return new TextDecoder(charset || 'utf-8').decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
  }
}

/** A header parameter: `name="x"`, RFC 2047 words inside it, or RFC 2231's `name*=utf-8''x` and `name*0*=` pieces. */
function parameter(value: string, name: string): string | null {
  let plain: string | null = null;
  const pieces: { index: number; text: string; encoded: boolean }[] = [];
  for (const piece of value.split(';').slice(1)) {
    const equals = piece.indexOf('=');
    if (equals === -1) continue;
    const key = piece.slice(0, equals).trim().toLowerCase();
    const raw = unquote(piece.slice(equals + 1).trim());
    if (key === name) plain = raw;
    else if (key.startsWith(`${name}*`)) {
      const rest = key.slice(name.length + 1);
      const encoded = rest.endsWith('*') || rest === '';
      const index = Number(rest.replace(/\*$/, '') || 0);
      if (Number.isInteger(index) && index < 100) pieces.push({ index, text: raw, encoded });
    }
  }
  if (pieces.length > 0) {
    pieces.sort((a, b) => a.index - b.index);
    let charset = '';
    let joined = '';
    for (const piece of pieces) {
      let text = piece.text;
      if (piece.encoded && piece.index === 0) {
        const [declared, , rest] = text.split("'");
        if (rest !== undefined) {
          charset = declared ?? '';
          text = rest;
        }
      }
      joined += piece.encoded ? percentDecoded(text, charset) : text;
    }
    return joined;
  }
  return plain === null ? null : decodeEncodedWords(plain);
}

function readHeaders(buffer: Buffer, start: number, end: number, defaultType: string): Headers {
  const fields: string[] = [];
  let bodyStart = end;
  for (const line of lines(buffer, start, end)) {
    if (line.end === line.start) {
      bodyStart = line.next;
      break;
    }
    const text = buffer.toString('latin1', line.start, Math.min(line.end, line.start + 4096));
    // A folded field keeps growing only up to the cap: names and types are far shorter.
    if ((text[0] === ' ' || text[0] === '\t') && fields.length > 0) {
      if (fields[fields.length - 1]!.length < MAX_FIELD_CHARS) fields[fields.length - 1] += ` ${text.trim()}`;
    } else fields.push(text);
  }
  let contentType = '';
  let disposition = '';
  let encoding = '';
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon).trim().toLowerCase();
    const value = field.slice(colon + 1).trim();
    if (name === 'content-type') contentType = value;
    if (name === 'content-disposition') disposition = value;
    if (name === 'content-transfer-encoding') encoding = value.toLowerCase();
  }
  const type = contentType.split(';')[0]!.trim().toLowerCase() || defaultType;
  return {
    contentType: type,
    disposition: disposition.split(';')[0]!.trim().toLowerCase() || null,
    filename: parameter(disposition, 'filename') ?? parameter(contentType, 'name'),
    charset: parameter(contentType, 'charset'),
    boundary: type.startsWith('multipart/') ? parameter(contentType, 'boundary') : null,
    encoding,
    bodyStart,
  };
}

function decodeQuotedPrintable(body: Buffer): Uint8Array {
  const out = Buffer.alloc(body.length);
  let length = 0;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (byte !== 0x3d) {
      out[length++] = byte;
      continue;
    }
    // `=` at the end of a line is a soft break; `=XX` a byte; anything else stays as written.
    if (body[i + 1] === LF) i += 1;
    else if (body[i + 1] === CR && body[i + 2] === LF) i += 2;
    else if (/^[0-9a-f]{2}$/i.test(body.toString('latin1', i + 1, i + 3))) {
      out[length++] = parseInt(body.toString('latin1', i + 1, i + 3), 16);
      i += 2;
    } else out[length++] = byte;
  }
  return new Uint8Array(out.subarray(0, length));
}

function decode(body: Buffer, encoding: string): Uint8Array {
  if (encoding === 'base64') return new Uint8Array(Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/]/g, ''), 'base64'));
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return new Uint8Array(body);
}

/**
 * Walks the tree; answers the top header block (for the header parser), the leaves in document
 * order, and whether a limit stopped the walk.
 */
export function rawParts(raw: Uint8Array, limits: RawPartLimits): { header: Uint8Array; parts: RawPart[]; truncated: boolean } {
  const buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const parts: RawPart[] = [];
  let truncated = false;
  let header = new Uint8Array(0);

  const walk = (start: number, end: number, depth: number, defaultType: string): void => {
    if (parts.length >= limits.maxParts || depth > limits.maxDepth) {
      truncated = true;
      return;
    }
    const headers = readHeaders(buffer, start, end, defaultType);
    if (depth === 0) header = new Uint8Array(buffer.subarray(0, headers.bodyStart));
    if (!headers.boundary) {
      const { contentType, disposition, filename, charset } = headers;
      parts.push({
        contentType,
        disposition,
        filename,
        charset,
        content: decode(buffer.subarray(headers.bodyStart, end), headers.encoding),
      });
      return;
    }
    const delimiter = `--${headers.boundary}`;
    const childType = headers.contentType === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
    let partStart = -1;
    for (const line of lines(buffer, headers.bodyStart, end)) {
      if (line.end - line.start < delimiter.length || buffer[line.start] !== 0x2d || buffer[line.start + 1] !== 0x2d) continue;
      const text = buffer.toString('latin1', line.start, Math.min(line.end, line.start + delimiter.length + 80)).trimEnd();
      const closing = text === `${delimiter}--`;
      if (text !== delimiter && !closing) continue;
      if (partStart !== -1) {
        // The line ending before a delimiter belongs to the delimiter, not to the part.
        let partEnd = line.start;
        if (partEnd > partStart && buffer[partEnd - 1] === LF) partEnd--;
        if (partEnd > partStart && buffer[partEnd - 1] === CR) partEnd--;
        walk(partStart, partEnd, depth + 1, childType);
      }
      if (closing) return;
      partStart = line.next;
    }
    // An unclosed multipart: its last part runs to the end.
    if (partStart !== -1) walk(partStart, end, depth + 1, childType);
  };

  walk(0, buffer.length, 0, 'text/plain');
  return { header, parts, truncated };
}
