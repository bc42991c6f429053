import { type ForwardedMessage, type MailAuthentication, TRIAGE_LIMITS, type TriageLimit } from '@riskscan/contracts';
import type { Mailbox, MailMessage } from '@riskscan/scanner';
import PostalMime, { type Address, type Email } from 'postal-mime';
import { type RawPart, rawParts } from './mime-parts.ts';

/** The upload is not an RFC 5322 message; the message says why in words for the sender. */
export class NotAnEmailError extends Error {}

// Multipart levels inside one message; real mail nests a handful.
const MAX_MULTIPART_DEPTH = 30;

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

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** Text of an inline body part in its declared charset (unknown charsets read as UTF-8). */
function bodyText(part: RawPart): string {
  try {
    return new TextDecoder(part.charset ?? 'utf-8').decode(part.content);
  } catch {
    return new TextDecoder('utf-8').decode(part.content);
  }
}

function isBodyPart(part: RawPart): boolean {
  return part.disposition !== 'attachment' && (part.contentType === 'text/plain' || part.contentType === 'text/html');
}

/** Parts the walk of an upload may still read; shared by the messages inside it. */
type PartBudget = { remaining: number };

/**
 * One message: the MIME tree walked by `rawParts` (linear, bounded, exact bytes), the header block
 * read by postal-mime (addresses, encoded words, dates). Inline text and HTML parts are the body;
 * every other part, messages inside included, is an attachment.
 */
async function parseMessage(raw: Uint8Array, budget: PartBudget): Promise<{ message: MailMessage; truncated: boolean }> {
  const walk = rawParts(raw, { maxParts: Math.max(1, budget.remaining), maxDepth: MAX_MULTIPART_DEPTH });
  budget.remaining -= walk.parts.length;
  let email: Email;
  try {
    email = await PostalMime.parse(Buffer.concat([walk.header, Buffer.from('\r\n\r\n')]), { attachmentEncoding: 'arraybuffer' });
  } catch (error) {
    throw new NotAnEmailError(`The message could not be read as MIME: ${(error as Error).message}`);
  }
  const body = walk.parts.filter(isBodyPart);
  const message: MailMessage = {
    from: mailbox(email.from),
    replyTo: (email.replyTo ?? []).map(mailbox).filter((entry): entry is Mailbox => entry !== null),
    returnPath: email.returnPath ?? null,
    subject: email.subject ?? null,
    date: isoDate(email.date),
    authentication: authenticationResults(email.headers),
    text: body
      .filter((part) => part.contentType === 'text/plain')
      .map(bodyText)
      .join('\n'),
    html: body
      .filter((part) => part.contentType === 'text/html')
      .map(bodyText)
      .join('\n'),
    parts: walk.parts
      .filter((part) => !isBodyPart(part))
      .map((part) => ({ filename: part.filename, contentType: part.contentType, content: part.content })),
  };
  return { message, truncated: walk.truncated };
}

/** A message of the upload: the upload itself (index 0) or one found inside it. */
export type TreeMessage = {
  message: MailMessage;
  index: number;
  depth: number;
  parent: number;
  kind: ForwardedMessage['kind'];
};

export type MessageTree = { messages: TreeMessage[]; limits: TriageLimit[] };

function forwardKind(parent: MailMessage): ForwardedMessage['kind'] {
  if (parent.parts.some((part) => part.contentType === 'message/feedback-report')) return 'feedback-report';
  if (parent.parts.some((part) => part.contentType === 'message/delivery-status' || part.contentType === 'message/global-delivery-status'))
    return 'bounce';
  return 'attached';
}

const INNER_MESSAGE_TYPES = new Set(['message/rfc822', 'message/global']);

/**
 * Parses the upload and every message inside it (forwarded as an attachment or inline, returned
 * by a bounce, quoted by an abuse report), breadth first, up to `TRIAGE_LIMITS.depth` levels and
 * `TRIAGE_LIMITS.parts` parts in all; limits reached are named. Throws NotAnEmailError when the
 * upload itself is not a message.
 */
export async function readMessageTree(raw: Uint8Array): Promise<MessageTree> {
  assertLooksLikeMessage(raw);
  const budget: PartBudget = { remaining: TRIAGE_LIMITS.parts };
  const limits = new Map<TriageLimit['name'], TriageLimit>();
  const partsLimit = () =>
    limits.set('parts', {
      name: 'parts',
      limit: TRIAGE_LIMITS.parts,
      message: `Only the first ${TRIAGE_LIMITS.parts} parts of the message were read (part limit ${TRIAGE_LIMITS.parts}).`,
    });
  const root = await parseMessage(raw, budget);
  if (root.truncated) partsLimit();
  const messages: TreeMessage[] = [{ message: root.message, index: 0, depth: 0, parent: 0, kind: 'attached' }];
  for (let at = 0; at < messages.length; at++) {
    const holder = messages[at]!;
    for (const part of holder.message.parts) {
      if (!INNER_MESSAGE_TYPES.has(part.contentType)) continue;
      if (holder.depth + 1 > TRIAGE_LIMITS.depth) {
        limits.set('depth', {
          name: 'depth',
          limit: TRIAGE_LIMITS.depth,
          message: `Messages nested more than ${TRIAGE_LIMITS.depth} levels deep were not read (depth limit ${TRIAGE_LIMITS.depth}).`,
        });
        break;
      }
      if (budget.remaining <= 0) {
        partsLimit();
        break;
      }
      let inner;
      try {
        inner = await parseMessage(part.content, budget);
      } catch {
        continue; // an attachment that does not parse is still listed and hashed; it just has no message to judge
      }
      if (inner.truncated) partsLimit();
      messages.push({
        message: inner.message,
        index: messages.length,
        depth: holder.depth + 1,
        parent: holder.index,
        kind: forwardKind(holder.message),
      });
    }
  }
  return { messages, limits: [...limits.values()] };
}

/** `Name <address>` as people write it, or just the address. */
export function formatMailbox(box: Mailbox | null): string | null {
  if (!box) return null;
  if (!box.address) return box.name || null;
  return box.name ? `${box.name} <${box.address}>` : box.address;
}
