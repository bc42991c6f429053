// The .msg parser's own compound-file writer (the one it uses to hand out attached messages).
import { burn, type Entry } from '@kenjiuno/msgreader/lib/Burner.js';
import { LOGIN_PAGE } from './login-page.ts';

const ROOT = 5;
const STORAGE = 1;
const STREAM = 2;

export type OutlookAttachment = { filename: string; content: Uint8Array; mimeType?: string } | { message: OutlookSpec };

/** What an Outlook message holds, in MAPI terms (MS-OXMSG). */
export type OutlookSpec = {
  subject?: string;
  senderName?: string;
  senderEmail?: string;
  /** The internet transport headers (PidTagTransportMessageHeaders). */
  headers?: string;
  body?: string;
  html?: string;
  /** PidTagRtfCompressed as stored: a 16-byte header (sizes, kind, CRC) and the RTF. */
  rtf?: Uint8Array;
  attachments?: OutlookAttachment[];
};

const unicode = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));

/** Adds the streams and folders of one message under `folder`; `header` is the property stream's header size (32 at the root, 24 inside). */
function addMessage(entries: Entry[], folder: number, spec: OutlookSpec, header: number): void {
  const add = (parent: number, name: string, type: number, content?: Uint8Array): number => {
    const index = entries.length;
    // The writer reads `content.buffer` from its start: a fresh copy, not a view into a pool.
    const bytes = content && Uint8Array.from(content);
    entries.push(
      type === STREAM ? { name, type, length: bytes!.byteLength, binaryProvider: () => bytes! } : { name, type, length: 0, children: [] },
    );
    entries[parent]!.children!.push(index);
    return index;
  };
  add(folder, '__properties_version1.0', STREAM, new Uint8Array(header));
  const strings: [string, string | undefined][] = [
    ['001A', 'IPM.Note'],
    ['0037', spec.subject],
    ['0C1A', spec.senderName],
    ['0C1F', spec.senderEmail],
    ['007D', spec.headers],
    ['1000', spec.body],
  ];
  for (const [tag, value] of strings) if (value !== undefined) add(folder, `__substg1.0_${tag}001F`, STREAM, unicode(value));
  if (spec.html !== undefined) add(folder, '__substg1.0_10130102', STREAM, new Uint8Array(Buffer.from(spec.html, 'utf8')));
  if (spec.rtf !== undefined) add(folder, '__substg1.0_10090102', STREAM, spec.rtf);
  (spec.attachments ?? []).forEach((attachment, index) => {
    const storage = add(folder, `__attach_version1.0_#${index.toString(16).toUpperCase().padStart(8, '0')}`, STORAGE);
    const inside = (name: string, type: number, content?: Uint8Array) => add(storage, name, type, content);
    inside('__properties_version1.0', STREAM, new Uint8Array(8));
    if ('message' in attachment) {
      const inner = inside('__substg1.0_3701000D', STORAGE);
      addMessage(entries, inner, attachment.message, 24);
      return;
    }
    inside('__substg1.0_3707001F', STREAM, unicode(attachment.filename));
    if (attachment.mimeType) inside('__substg1.0_370E001F', STREAM, unicode(attachment.mimeType));
    inside('__substg1.0_37010102', STREAM, attachment.content);
  });
}

/** An Outlook message file (.msg) as Outlook writes one: a compound file of MAPI property streams. */
export function outlookMessage(spec: OutlookSpec): Buffer {
  const entries: Entry[] = [{ name: 'Root Entry', type: ROOT, length: 0, children: [] }];
  addMessage(entries, 0, spec, 32);
  return Buffer.from(burn(entries));
}

/**
 * `phishingMail` as Outlook saves it: the same sender, failed authentication in the transport
 * headers, diverted replies, a link whose text shows the bank's address, and the HTML attachment
 * with a login form.
 */
export function phishingOutlookMessage(): Buffer {
  return outlookMessage({
    subject: 'Action required: your account has been locked',
    senderName: 'Chase Online Banking',
    senderEmail: 'service@notice-center.example-mail.net',
    headers: [
      'Return-Path: <bounce@notice-center.example-mail.net>',
      'Authentication-Results: mx.riskscan.local; spf=fail smtp.mailfrom=notice-center.example-mail.net; dkim=none; dmarc=fail header.from=notice-center.example-mail.net',
      'From: "Chase Online Banking" <service@notice-center.example-mail.net>',
      'Reply-To: chase.support.desk@example-freemail.com',
      'To: victim@riskscan.local',
      'Subject: Action required: your account has been locked',
      'Date: Fri, 20 Nov 2026 08:15:00 +0000',
      '',
    ].join('\r\n'),
    body: 'Dear customer,\r\nWe noticed unusual sign-in activity. Verify your identity within 24 hours.\r\nOur real site is https://www.chase.com/ as always.',
    html: `<p>Dear customer,</p><p><a href="https://chase-secure.account-verify-center.xyz/login?id=8812">https://www.chase.com/verify</a></p>`,
    attachments: [{ filename: 'Secure_Statement.html', content: new Uint8Array(Buffer.from(LOGIN_PAGE)), mimeType: 'text/html' }],
  });
}

/** An RTF body stored uncompressed (kind `MELA`), as PidTagRtfCompressed allows; `declaredSize` may lie. */
export function storedRtf(rtf: string, declaredSize = rtf.length): Uint8Array {
  const header = Buffer.alloc(16);
  header.writeUInt32LE(rtf.length + 12, 0);
  header.writeUInt32LE(declaredSize, 4);
  header.writeUInt32LE(0x414c454d, 8);
  return new Uint8Array(Buffer.concat([header, Buffer.from(rtf, 'latin1')]));
}

/** The folder of real Outlook files (with their licence) the tests read. */
export const OUTLOOK_FIXTURES_DIR = new URL('./outlook/', import.meta.url);
