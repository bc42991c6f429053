import type { MailAuthentication } from '@riskscan/contracts';
import PostalMime, { type Address, type Attachment, type Email, type Mailbox } from 'postal-mime';

/** The upload is not an RFC 5322 message; the message says why in words for the sender. */
export class NotAnEmailError extends Error {}

export type MailPart = { filename: string | null; contentType: string; content: Uint8Array };

/** What triage needs of a parsed message. */
export type MailMessage = {
  from: Mailbox | null;
  replyTo: Mailbox[];
  returnPath: string | null;
  subject: string | null;
  date: string | null;
  authentication: MailAuthentication;
  text: string;
  html: string;
  parts: MailPart[];
};

const HEADER_LINE = /^[\x21-\x39\x3b-\x7e]+:/;
const MESSAGE_HEADERS = /^(?:from|to|subject|date|message-id|received|return-path|mime-version|reply-to|sender|authentication-results):/im;
// Past this share of control bytes in the header block, it is a binary file, not text.
const MAX_CONTROL_SHARE = 0.02;

function headerBlock(raw: Uint8Array): string {
  const head = Buffer.from(raw.subarray(0, 64 * 1024)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  return end === -1 ? head : head.slice(0, end);
}

/** Refuses what cannot be a message before the parser sees it: empty, binary, or no headers. */
function assertLooksLikeMessage(raw: Uint8Array): void {
  if (raw.byteLength === 0) throw new NotAnEmailError('The message is empty.');
  const header = headerBlock(raw).replace(/^From .*\r?\n/, ''); // an mbox "From " line may lead
  let control = 0;
  for (let i = 0; i < header.length; i++) {
    const code = header.charCodeAt(i);
    if (code === 0) throw new NotAnEmailError('This is a binary file, not an e-mail message: upload the raw message (.eml).');
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control++;
  }
  if (control > header.length * MAX_CONTROL_SHARE) {
    throw new NotAnEmailError('This is a binary file, not an e-mail message: upload the raw message (.eml).');
  }
  const firstLine = header.split(/\r?\n/, 1)[0] ?? '';
  if (!HEADER_LINE.test(firstLine) || !MESSAGE_HEADERS.test(header)) {
    throw new NotAnEmailError('This is not an e-mail message: it should start with headers such as From:, Subject: and Date:.');
  }
}

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
export function authenticationResults(headers: Email['headers']): MailAuthentication {
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

function bytes(content: Attachment['content']): Uint8Array {
  if (typeof content === 'string') return new Uint8Array(Buffer.from(content, 'utf8'));
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** Parses a raw message (MIME, any nesting) into what triage reads; throws NotAnEmailError for non-messages. */
export async function readMessage(raw: Uint8Array): Promise<MailMessage> {
  assertLooksLikeMessage(raw);
  let email: Email;
  try {
    email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch (error) {
    throw new NotAnEmailError(`The message could not be read as MIME: ${(error as Error).message}`);
  }
  return {
    from: mailbox(email.from),
    replyTo: (email.replyTo ?? []).map(mailbox).filter((entry): entry is Mailbox => entry !== null),
    returnPath: email.returnPath ?? null,
    subject: email.subject ?? null,
    date: isoDate(email.date),
    authentication: authenticationResults(email.headers),
    text: email.text ?? '',
    html: email.html ?? '',
    parts: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.mimeType.toLowerCase(),
      content: bytes(attachment.content),
    })),
  };
}

/** `Name <address>` as people write it, or just the address. */
export function formatMailbox(box: Mailbox | null): string | null {
  if (!box) return null;
  if (!box.address) return box.name || null;
  return box.name ? `${box.name} <${box.address}>` : box.address;
}
