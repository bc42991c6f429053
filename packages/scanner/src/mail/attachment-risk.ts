import { createHash } from 'node:crypto';
import { isRiskyOrWorse, type TriageAttachment } from '@riskscan/contracts';
import type { Signal } from '../verdict/signal.ts';
import type { FoundForm } from './find-links.ts';
import type { MailPart } from './mail-message.ts';

const EXTENSION_TYPES: [RegExp, string][] = [
  [/\.(?:exe|scr|com|pif|cpl|msi|msix|dll|apk|app|jar|lnk)$/i, 'executable'],
  [/\.(?:js|jse|vbs|vbe|wsf|wsh|hta|ps1|bat|cmd|sh)$/i, 'script'],
  [/\.(?:docm|dotm|xlsm|xltm|xlam|pptm|potm|ppam)$/i, 'macro-document'],
  [/\.(?:iso|img|vhd|vhdx)$/i, 'disk-image'],
  [/\.(?:zip|rar|7z|ace|cab|gz|tgz|tar)$/i, 'archive'],
];
const HTML_FILE = /\.(?:html?|shtml|xhtml|svg)$/i;

/** The part is HTML the mail client would hand to a browser when opened. */
export function isHtmlPart(part: MailPart): boolean {
  return part.contentType === 'text/html' || part.contentType === 'image/svg+xml' || HTML_FILE.test(part.filename ?? '');
}

export function isTextPart(part: MailPart): boolean {
  return part.contentType === 'text/plain' || /\.(?:txt|csv)$/i.test(part.filename ?? '');
}

export function isImagePart(part: MailPart): boolean {
  return part.contentType.startsWith('image/') && part.contentType !== 'image/svg+xml';
}

/** Why opening this file is dangerous; null for ordinary documents and images. */
export function riskyType(part: MailPart, forms: FoundForm[]): string | null {
  if (isHtmlPart(part)) return forms.length > 0 ? 'html-form' : 'html';
  const name = part.filename ?? '';
  for (const [pattern, type] of EXTENSION_TYPES) if (pattern.test(name)) return type;
  if (part.contentType === 'application/x-msdownload' || part.contentType === 'application/x-dosexec') return 'executable';
  return null;
}

const TYPE_SIGNALS: Record<string, { score: number; message: string }> = {
  'html-form': {
    score: 80,
    message: 'opens a form in the browser from a local file, the usual way to collect passwords past link filters',
  },
  html: { score: 40, message: 'is a web page opened from a local file, out of reach of link filters' },
  executable: { score: 85, message: 'is a program' },
  script: { score: 85, message: 'is a script that runs when opened' },
  'macro-document': { score: 60, message: 'is an office document with macros' },
  'disk-image': { score: 60, message: 'is a disk image, a common way to carry programs past filters' },
  archive: { score: 20, message: 'is an archive whose contents were not checked' },
};

export function attachmentSignal(attachment: TriageAttachment): Signal | null {
  const type = attachment.risky_type && TYPE_SIGNALS[attachment.risky_type];
  if (!type) return null;
  return {
    code: `attachment_${attachment.risky_type!.replace('-', '_')}`,
    risk_score: type.score,
    message: `The attachment ${attachment.filename ?? '(no name)'} ${type.message}.`,
    classification: isRiskyOrWorse(type.score) ? 'Phishing' : null,
  };
}

export function describeAttachment(part: MailPart, forms: FoundForm[], message: number): TriageAttachment {
  return {
    message,
    filename: part.filename,
    content_type: part.contentType,
    size: part.content.byteLength,
    sha256: createHash('sha256').update(part.content).digest('hex'),
    risky_type: riskyType(part, forms),
  };
}
