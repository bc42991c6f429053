import type { LinkSource, TriageAttachment } from '@riskscan/contracts';
import { describeAttachment, isHtmlPart, isImagePart, isTextPart } from './attachment-risk.ts';
import { type FoundForm, type FoundLink, linksInHtml, linksInText, webAddress } from './find-links.ts';
import type { MailMessage } from './mail-message.ts';
import { dataImageBytes } from '../qr/qr-decoder.ts';

/** A link of a message before it is judged: where it was found and what the message says around it. */
export type LinkCandidate = FoundLink & { source: LinkSource; formInAttachment: boolean };

/** Links a whole upload may still add; shared by the messages inside it. */
export type LinkBudget = { remaining: number; exhausted: boolean };

/** What a message carries: its links and its attachments. */
export type MessageContents = { links: LinkCandidate[]; attachments: TriageAttachment[] };

/** Decodes the QR codes of images (the caller's decoder, with its own bounds); answers their texts. */
export type ReadQrCodes = (images: Uint8Array[]) => Promise<string[]>;

class LinkCollector {
  readonly links = new Map<string, LinkCandidate>();

  constructor(private readonly budget: LinkBudget) {}

  add(source: LinkSource, link: FoundLink, formInAttachment = false): void {
    const key = `${source} ${link.url}`;
    const known = this.links.get(key);
    if (!known) {
      if (this.budget.remaining <= 0) {
        this.budget.exhausted = true;
        return;
      }
      this.budget.remaining--;
      this.links.set(key, { ...link, source, formInAttachment });
      return;
    }
    // The same address twice in one part: keep what makes it suspicious.
    known.mismatch ||= link.mismatch;
    known.formInAttachment ||= formInAttachment;
    if (link.mismatch || known.displayText === null) known.displayText = link.displayText ?? known.displayText;
  }

  addText(source: LinkSource, text: string): void {
    for (const url of linksInText(text)) this.add(source, { url, displayText: null, mismatch: false });
  }
}

function decodeText(content: Uint8Array): string {
  return new TextDecoder('utf-8').decode(content);
}

/**
 * Every link of one message (text, HTML with the text shown for each link, defanged forms, HTML
 * and text attachments, the addresses an abuse report names, QR codes in images) and its
 * attachments. `index` is the message's place in the upload (0: the upload itself).
 */
export async function messageContents(
  message: MailMessage,
  index: number,
  budget: LinkBudget,
  readQrCodes: ReadQrCodes,
): Promise<MessageContents> {
  const collector = new LinkCollector(budget);
  const images: Uint8Array[] = [];
  collector.addText('text', message.text);
  if (message.html) {
    const html = linksInHtml(message.html);
    for (const link of html.links) collector.add('html', link);
    collector.addText('html', html.text);
    for (const src of html.images) {
      const image = dataImageBytes(src);
      if (image) images.push(image);
    }
  }

  const attachments: TriageAttachment[] = [];
  for (const part of message.parts) {
    let forms: FoundForm[] = [];
    if (isHtmlPart(part)) {
      const html = linksInHtml(decodeText(part.content));
      forms = html.forms;
      const targets = new Set(forms.map((form) => form.action));
      for (const link of html.links) collector.add('attachment', link, targets.has(link.url));
      collector.addText('attachment', html.text);
      for (const src of html.images) {
        const image = dataImageBytes(src);
        if (image) images.push(image);
      }
    } else if (isTextPart(part) || part.contentType === 'message/feedback-report') {
      collector.addText('attachment', decodeText(part.content));
    } else if (isImagePart(part)) {
      images.push(part.content);
    }
    attachments.push(describeAttachment(part, forms, index));
  }
  for (const text of images.length > 0 ? await readQrCodes(images) : []) {
    const direct = webAddress(text);
    if (direct) collector.add('qr', { url: direct, displayText: null, mismatch: false });
    else collector.addText('qr', text);
  }
  return { links: [...collector.links.values()], attachments };
}
