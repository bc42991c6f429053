import { createRequire } from 'node:module';
import { decompressRTF } from '@kenjiuno/decompressrtf';
import type msgreader from '@kenjiuno/msgreader';
import type { FieldsData } from '@kenjiuno/msgreader';
import type { MailMessage, MailPart } from '../mail-message.ts';
import { assertReadableMsgFile, UnreadableCompoundFileError } from './compound-file.ts';
import { isoDate, NotAnEmailError, readHeaderFields } from './mail-headers.ts';

// A CommonJS module whose class is its `exports.default`: required, so that Node and the test
// runner (which would hand an ES import the class itself) see the same object.
const MsgReader = (createRequire(import.meta.url)('@kenjiuno/msgreader') as typeof msgreader).default;

/** The content type a message inside a message gets: Outlook's, so the tree walk reads it again. */
export const OUTLOOK_MESSAGE_TYPE = 'application/vnd.ms-outlook';

// The RTF decompressor keeps its output in a plain array (8 bytes a character) and writes up to
// 8.5 characters per byte read, so only bodies up to this size are decompressed (about 4 million
// characters at most).
const MAX_COMPRESSED_RTF_BYTES = 512 * 1024;
const RTF_COMPRESSED = 0x75465a4c;
const RTF_UNCOMPRESSED = 0x414c454d;

// Outlook stores the MIME type only for attachments that arrived by internet mail.
const TYPES_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.eml': 'message/rfc822',
  '.msg': OUTLOOK_MESSAGE_TYPE,
};

function contentTypeOf(attachment: FieldsData, filename: string | null): string {
  if (attachment.attachMimeTag) return attachment.attachMimeTag.toLowerCase();
  const extension = (attachment.extension ?? /\.[^.]+$/.exec(filename ?? '')?.[0] ?? '').toLowerCase();
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/**
 * The link targets of an RTF body (`HYPERLINK "..."` fields), for messages whose only formatted
 * body is RTF. The RTF is not rendered, so link texts are not compared with their targets.
 */
function rtfLinkTargets(compressed: Uint8Array | undefined): string[] {
  if (!compressed || compressed.byteLength < 16) return [];
  const view = new DataView(compressed.buffer, compressed.byteOffset, compressed.byteLength);
  const declaredSize = view.getUint32(0, true);
  const kind = view.getUint32(8, true);
  // The decompressor reads as far as the declared size, past the data if it lies.
  if (declaredSize + 4 > compressed.byteLength || compressed.byteLength > MAX_COMPRESSED_RTF_BYTES) return [];
  if (kind !== RTF_COMPRESSED && kind !== RTF_UNCOMPRESSED) return [];
  const rtf = Buffer.from(decompressRTF(Array.from(compressed))).toString('latin1');
  return [...rtf.matchAll(/HYPERLINK\s+"([^"]{1,4096})"/g)].map((match) => match[1]!);
}

function htmlBody(fields: FieldsData): string {
  if (fields.bodyHtml) return fields.bodyHtml;
  if (!fields.html) return '';
  const codepage = fields.internetCodepage;
  try {
    return new TextDecoder(codepage && codepage !== 65001 ? `windows-${codepage}` : 'utf-8').decode(fields.html);
  } catch {
    return new TextDecoder('utf-8').decode(fields.html);
  }
}

/**
 * The message's own header fields: its transport headers when it came by internet mail (with SPF,
 * DKIM and DMARC results), else the sender and dates Outlook stored.
 */
async function headerFields(fields: FieldsData): Promise<Omit<MailMessage, 'text' | 'html' | 'parts'>> {
  const stored = {
    from:
      fields.senderName || fields.senderSmtpAddress || fields.senderEmail
        ? {
            name: fields.senderName ?? '',
            address: fields.senderSmtpAddress ?? (fields.senderEmail?.includes('@') ? fields.senderEmail : undefined),
          }
        : null,
    replyTo: [],
    returnPath: null,
    subject: fields.subject ?? null,
    date: isoDate(fields.clientSubmitTime ?? fields.messageDeliveryTime),
    authentication: { spf: null, dkim: null, dmarc: null },
  };
  if (!fields.headers?.trim()) return stored;
  const transport = await readHeaderFields(Buffer.from(fields.headers.replace(/(?:\r?\n)+$/, ''), 'utf8'));
  return {
    ...transport,
    from: transport.from ?? stored.from,
    subject: transport.subject ?? stored.subject,
    date: transport.date ?? stored.date,
  };
}

/**
 * Reads an Outlook message (.msg) into the shape the MIME walk produces: header fields, the text
 * and HTML bodies (link targets of an RTF-only body added to the text), and attachments with their
 * bytes; a message attached inside is an attachment of type `application/vnd.ms-outlook` holding
 * its own .msg file, read again by the tree walk. At most `maxParts` attachments are read.
 * Throws NotAnEmailError when the file is not a readable Outlook message.
 */
export async function readOutlookMessage(
  raw: Uint8Array,
  maxParts: number,
): Promise<{ message: MailMessage; partCount: number; truncated: boolean }> {
  try {
    assertReadableMsgFile(raw);
  } catch (error) {
    if (error instanceof UnreadableCompoundFileError) throw new NotAnEmailError(error.message);
    throw error;
  }
  let reader: InstanceType<typeof MsgReader>;
  let fields: FieldsData;
  try {
    reader = new MsgReader(new DataView(raw.buffer, raw.byteOffset, raw.byteLength));
    fields = reader.getFileData();
  } catch (error) {
    throw new NotAnEmailError(`This Outlook message (.msg) could not be read: ${(error as Error).message}`);
  }
  if (fields.error || fields.dataType !== 'msg') throw new NotAnEmailError('This Outlook file (.msg) holds no message.');

  const attachments = fields.attachments ?? [];
  const parts: MailPart[] = [];
  for (const attachment of attachments.slice(0, Math.max(0, maxParts))) {
    try {
      const file = reader.getAttachment(attachment);
      const filename = attachment.innerMsgContent
        ? `${attachment.name ?? attachment.innerMsgContentFields?.subject ?? 'message'}.msg`
        : (attachment.fileName ?? attachment.name ?? null);
      parts.push({
        filename,
        contentType: attachment.innerMsgContent ? OUTLOOK_MESSAGE_TYPE : contentTypeOf(attachment, filename),
        content: file.content,
      });
    } catch {
      continue; // an attachment whose data is missing is left out; the rest of the message is still judged
    }
  }
  const rtfLinks = fields.bodyHtml || fields.html ? [] : rtfLinkTargets(fields.compressedRtf);
  const message: MailMessage = {
    ...(await headerFields(fields)),
    text: [fields.body ?? '', ...rtfLinks].join('\n'),
    html: htmlBody(fields),
    parts,
  };
  return { message, partCount: Math.min(attachments.length, Math.max(0, maxParts)), truncated: attachments.length > maxParts };
}
