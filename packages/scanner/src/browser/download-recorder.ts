import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CapturedDownload } from '@riskscan/contracts';

/** Leading bytes of the file types a scan cares about, for when the server names no type. */
const SIGNATURES: readonly [string, string][] = [
  ['4d5a', 'application/x-msdownload'],
  ['504b0304', 'application/zip'],
  ['25504446', 'application/pdf'],
  ['7f454c46', 'application/x-executable'],
  ['526172211a07', 'application/vnd.rar'],
  ['377abcaf271c', 'application/x-7z-compressed'],
  ['1f8b', 'application/gzip'],
  ['cafebabe', 'application/java-archive'],
];

export function sniffMimeType(head: Buffer): string {
  const hex = head.subarray(0, 8).toString('hex');
  return SIGNATURES.find(([signature]) => hex.startsWith(signature))?.[1] ?? 'application/octet-stream';
}

export interface DownloadSource {
  url: string;
  fileName: string;
  /** The type the server declared, when the browser saw the response. */
  declaredType: string | null;
  stream: Readable;
}

/** The declared type, unless it is the generic one; then the file's leading bytes decide. */
function mimeTypeOf(declaredType: string | null, head: Buffer): string {
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  return declared && declared !== 'application/octet-stream' ? declared : sniffMimeType(head);
}

/**
 * A download the browser was told to cancel once it passed the cap (so Chromium never writes
 * more than about the cap to disk): its size as far as it got, no hash, truncated.
 */
export function cancelledDownload(source: Omit<DownloadSource, 'stream'>, receivedBytes: number): CapturedDownload {
  return {
    url: source.url,
    file_name: source.fileName,
    mime_type: mimeTypeOf(source.declaredType, Buffer.alloc(0)),
    size: receivedBytes,
    sha256: null,
    truncated: true,
  };
}

/**
 * Makes a failed read end the stream with its error. Playwright's download stream reads in an
 * `async _read()`, whose promise Node ignores: when the browser closes mid-download, its rejection
 * went unhandled and ended the whole process. Now it reaches the reader like any stream error.
 */
function failReadsLoudly(stream: Readable): void {
  const read = stream._read.bind(stream) as (size: number) => unknown;
  stream._read = (size: number) => {
    const pending = read(size);
    if (pending instanceof Promise)
      pending.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  };
}

/**
 * Reads a download the page started, without keeping it: size, SHA-256 and type are recorded and
 * the bytes dropped. Past `maxBytes` reading stops and the record says so.
 */
export async function recordDownload(source: DownloadSource, maxBytes: number): Promise<CapturedDownload> {
  failReadsLoudly(source.stream);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let truncated = false;
  for await (const chunk of source.stream as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    hash.update(part);
    size += part.length;
    if (head.length < 8) head = Buffer.concat([head, part.subarray(0, 8)]);
    if (chunk.length > room) {
      truncated = true;
      source.stream.destroy();
      break;
    }
  }
  return {
    url: source.url,
    file_name: source.fileName,
    mime_type: mimeTypeOf(source.declaredType, head),
    size,
    sha256: hash.digest('hex'),
    truncated,
  };
}
