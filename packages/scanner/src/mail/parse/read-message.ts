import { type ForwardedMessage, TRIAGE_LIMITS, type TriageLimit } from '@riskscan/contracts';
import type { MailMessage, MailPart } from '../mail-message.ts';
import { isCompoundFile } from './compound-file.ts';
import { NotAnEmailError, readHeaderFields } from './mail-headers.ts';
import { type RawPart, rawParts } from './mime-parts.ts';
import { OUTLOOK_MESSAGE_TYPE, readOutlookMessage } from './outlook-message.ts';

// Multipart levels inside one message; real mail nests a handful.
const MAX_MULTIPART_DEPTH = 30;

const HEADER_LINE = /^[\x21-\x39\x3b-\x7e]+:/;
const MESSAGE_HEADERS = /^(?:from|to|subject|date|message-id|received|return-path|mime-version|reply-to|sender|authentication-results):/im;
const BINARY_FILE = 'This is a binary file, not an e-mail message: upload the raw message (.eml) or the Outlook file (.msg).';
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
    if (code === 0) throw new NotAnEmailError(BINARY_FILE);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control++;
  }
  if (control > header.length * MAX_CONTROL_SHARE) {
    throw new NotAnEmailError(BINARY_FILE);
  }
  const firstLine = header.split(/\r?\n/, 1)[0] ?? '';
  if (!HEADER_LINE.test(firstLine) || !MESSAGE_HEADERS.test(header)) {
    throw new NotAnEmailError('This is not an e-mail message: it should start with headers such as From:, Subject: and Date:.');
  }
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
async function parseMimeMessage(raw: Uint8Array, budget: PartBudget): Promise<{ message: MailMessage; truncated: boolean }> {
  const walk = rawParts(raw, { maxParts: Math.max(1, budget.remaining), maxDepth: MAX_MULTIPART_DEPTH });
  budget.remaining -= walk.parts.length;
  const body = walk.parts.filter(isBodyPart);
  const message: MailMessage = {
    ...(await readHeaderFields(walk.header)),
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

/** An e-mail message (MIME) or an Outlook message (.msg), told apart by the compound file's magic bytes. */
async function parseMessage(raw: Uint8Array, budget: PartBudget): Promise<{ message: MailMessage; truncated: boolean }> {
  if (!isCompoundFile(raw)) return parseMimeMessage(raw, budget);
  const outlook = await readOutlookMessage(raw, Math.max(1, budget.remaining));
  budget.remaining -= Math.max(1, outlook.partCount);
  return outlook;
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

/** A message inside a message: MIME ones by type, Outlook ones (forwarded from Outlook as an attachment) by type or name and content. */
function isInnerMessage(part: MailPart): boolean {
  if (INNER_MESSAGE_TYPES.has(part.contentType)) return true;
  const outlookNamed = part.contentType === OUTLOOK_MESSAGE_TYPE || /\.msg$/i.test(part.filename ?? '');
  return outlookNamed && isCompoundFile(part.content);
}

/**
 * Parses the upload and every message inside it (forwarded as an attachment or inline, returned
 * by a bounce, quoted by an abuse report), breadth first, up to `TRIAGE_LIMITS.depth` levels and
 * `TRIAGE_LIMITS.parts` parts in all; limits reached are named. The upload and the messages in it
 * may be MIME (.eml) or Outlook (.msg) messages. Throws NotAnEmailError when the upload itself is
 * not a message.
 */
export async function readMessageTree(raw: Uint8Array): Promise<MessageTree> {
  if (!isCompoundFile(raw)) assertLooksLikeMessage(raw);
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
      if (!isInnerMessage(part)) continue;
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
