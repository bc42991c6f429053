/**
 * Decodes a body the way a browser picks its encoding: byte-order mark, then the Content-Type
 * charset, then a `<meta charset>` in the first kilobytes, then UTF-8.
 */
export function decodeBody(body: Buffer, contentType: string | null): { text: string; charset: string } {
  const charset = bomCharset(body) ?? headerCharset(contentType) ?? metaCharset(body) ?? 'utf-8';
  try {
    return { text: new TextDecoder(charset).decode(body), charset };
  } catch {
    return { text: new TextDecoder('utf-8').decode(body), charset: 'utf-8' };
  }
}

function bomCharset(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

function headerCharset(contentType: string | null): string | null {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 4096).toString('latin1');
  const match = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return match?.[1]?.toLowerCase() ?? null;
}
