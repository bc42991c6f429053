import type { MailAuthentication } from '@riskscan/contracts';
import type { Mailbox, MailMessage } from '../mail-message.ts';
import PostalMime, { type Address, type Email } from 'postal-mime';
import { decodeEncodedWords } from './encoded-words.ts';

/** The upload is not an e-mail message (.eml or .msg); the message says why in words for the sender. */
export class NotAnEmailError extends Error {
  // The name travels with the message when the parse runs in a worker thread.
  override readonly name = 'NotAnEmailError';
}

/** What a message's header block says about it. */
export type HeaderFields = Pick<MailMessage, 'from' | 'replyTo' | 'returnPath' | 'subject' | 'date' | 'authentication'>;

function mailbox(address: Address | undefined): Mailbox | null {
  if (!address) return null;
  if (address.group) return address.group[0] ?? null;
  return address as Mailbox;
}

const AUTH_METHOD = /\b(spf|dkim|dmarc)\s*=\s*([a-z]+)/gi;

/**
 * SPF, DKIM and DMARC results from the topmost `Authentication-Results` header, the one the
 * receiving server added (lower ones could have been written by the sender). `Received-SPF`
 * fills in SPF when the receiver reported it only there.
 */
function authenticationResults(headers: Email['headers']): MailAuthentication {
  const results: MailAuthentication = { spf: null, dkim: null, dmarc: null };
  const topmost = headers.find((header) => header.key === 'authentication-results');
  if (topmost) {
    for (const [, method, result] of topmost.value.matchAll(AUTH_METHOD)) {
      const key = method!.toLowerCase() as keyof MailAuthentication;
      // DKIM may report one result per signature; a pass anywhere is what DMARC builds on.
      if (results[key] === null || (key === 'dkim' && result!.toLowerCase() === 'pass')) results[key] = result!.toLowerCase();
    }
  }
  if (results.spf === null) {
    const received = headers.find((header) => header.key === 'received-spf');
    const result = received && /^\s*([a-z]+)/i.exec(received.value);
    if (result) results.spf = result[1]!.toLowerCase();
  }
  return results;
}

export function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

// A header field longer than this is cut before postal-mime reads it: its encoded-word decoding
// grows with the square of a field's length, and no sender or date needs more.
const MAX_FIELD_BYTES = 8 * 1024;

/** The header block split into its fields (a field with its folded lines), each field's bytes as sent. */
function headerFields(header: Uint8Array): Buffer[] {
  const buffer = Buffer.from(header.buffer, header.byteOffset, header.byteLength);
  const fields: Buffer[] = [];
  let start = 0;
  for (let position = 0; position <= buffer.length;) {
    let newline = buffer.indexOf(0x0a, position);
    if (newline === -1) newline = buffer.length;
    const next = newline + 1;
    const continues = next < buffer.length && (buffer[next] === 0x20 || buffer[next] === 0x09);
    if (!continues) {
      if (newline > start) fields.push(buffer.subarray(start, Math.min(next, buffer.length)));
      start = next;
    }
    position = next;
  }
  return fields;
}

/** The Subject as people read it: unfolded, its encoded words decoded in one pass. */
function subjectOf(fields: Buffer[]): string | null {
  const field = fields.find((bytes) => /^subject\s*:/i.test(bytes.toString('latin1', 0, 16)));
  if (!field) return null;
  const text = field.toString('utf8');
  return decodeEncodedWords(
    text
      .slice(text.indexOf(':') + 1)
      .replace(/\r?\n(?=[ \t])/g, '')
      .trim(),
  );
}

/**
 * Addresses, dates and authentication results of a header block, read by postal-mime from
 * fields cut to `MAX_FIELD_BYTES`; the Subject, the one free-text field judged, is decoded here.
 */
export async function readHeaderFields(header: Uint8Array): Promise<HeaderFields> {
  const fields = headerFields(header);
  const forParser = fields
    .filter((bytes) => !/^subject\s*:/i.test(bytes.toString('latin1', 0, 16)))
    .map((bytes) =>
      bytes.byteLength > MAX_FIELD_BYTES ? Buffer.concat([bytes.subarray(0, MAX_FIELD_BYTES), Buffer.from('\r\n')]) : bytes,
    );
  let email: Email;
  try {
    email = await PostalMime.parse(Buffer.concat([...forParser, Buffer.from('\r\n\r\n')]), { attachmentEncoding: 'arraybuffer' });
  } catch (error) {
    throw new NotAnEmailError(`The message could not be read as MIME: ${(error as Error).message}`);
  }
  return {
    from: mailbox(email.from),
    replyTo: (email.replyTo ?? []).map(mailbox).filter((entry): entry is Mailbox => entry !== null),
    returnPath: email.returnPath ?? null,
    subject: subjectOf(fields),
    date: isoDate(email.date),
    authentication: authenticationResults(email.headers),
  };
}

/** `Name <address>` as people write it, or just the address. */
export function formatMailbox(box: Mailbox | null): string | null {
  if (!box) return null;
  if (!box.address) return box.name || null;
  return box.name ? `${box.name} <${box.address}>` : box.address;
}
