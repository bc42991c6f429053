import { TRIAGE_LIMITS, type TriageLimit } from '@riskscan/contracts';
import { boundedTask, runBounded, WorkFailedError, type WorkLimits } from '../bounded-work/index.ts';
import { decodeQrImage, QR_LIMITS } from '../qr/qr-decoder.ts';
import type { MailMessage } from './mail-message.ts';
import { type LinkBudget, type MessageContents, messageContents } from './message-links.ts';
import { NotAnEmailError } from './parse/mail-headers.ts';
import { readMessageTree, type TreeMessage } from './parse/read-message.ts';

/** What judgement reads of an upload's message: its header fields (the body and parts are read into `contents`). */
export type MessageHeader = Omit<MailMessage, 'text' | 'html' | 'parts'>;

/** An upload read: every message in it (header only), what each carries, and the limits reached. */
export type ReadUpload = {
  messages: (Omit<TreeMessage, 'message'> & { message: MessageHeader })[];
  contents: MessageContents[];
  limits: TriageLimit[];
};

/** Images searched for QR codes across the upload; past the limit images are left unread and the limit named. */
function qrReader(limits: Map<TriageLimit['name'], TriageLimit>) {
  let remaining: number = TRIAGE_LIMITS.images;
  return async (images: Uint8Array[]): Promise<string[]> => {
    if (images.length > remaining) {
      limits.set('images', {
        name: 'images',
        limit: TRIAGE_LIMITS.images,
        message: `Only ${TRIAGE_LIMITS.images} images were searched for QR codes (image limit ${TRIAGE_LIMITS.images}).`,
      });
    }
    const texts: string[] = [];
    for (const image of images.slice(0, Math.max(0, remaining))) {
      const decoding = await decodeQrImage(image);
      if (decoding.outcome === 'decoded') texts.push(...decoding.texts);
      else if (decoding.reason === 'too-many-pixels') {
        const { width, height } = decoding.size;
        limits.set('pixels', {
          name: 'pixels',
          limit: QR_LIMITS.maxPixels,
          message: `An image of ${width} x ${height} pixels was not searched for QR codes (pixel limit ${QR_LIMITS.maxPixels}).`,
        });
      } else if (decoding.reason === 'inflates-too-large') {
        limits.set('pixels', {
          name: 'pixels',
          limit: QR_LIMITS.maxPixels,
          message: `An image whose data inflates past the pixels it declares was not searched for QR codes (pixel limit ${QR_LIMITS.maxPixels}).`,
        });
      }
    }
    remaining -= images.length;
    return texts;
  };
}

/**
 * Reads an upload (.eml or .msg) and every message inside it: headers, links (QR codes in
 * images included) and attachments, within the triage limits. Throws NotAnEmailError when the
 * upload is not a message. Runs where it is called; `readMailUploadBounded` runs it in a worker.
 */
export async function readMailUpload(raw: Uint8Array): Promise<ReadUpload> {
  const tree = await readMessageTree(raw);
  const limits = new Map(tree.limits.map((limit) => [limit.name, limit]));
  const readQrCodes = qrReader(limits);
  const budget: LinkBudget = { remaining: TRIAGE_LIMITS.links, exhausted: false };
  const contents: MessageContents[] = [];
  for (const entry of tree.messages) contents.push(await messageContents(entry.message, entry.index, budget, readQrCodes));
  if (budget.exhausted) {
    limits.set('links', {
      name: 'links',
      limit: TRIAGE_LIMITS.links,
      message: `Only the first ${TRIAGE_LIMITS.links} links were judged (link limit ${TRIAGE_LIMITS.links}).`,
    });
  }
  const messages = tree.messages.map(({ message: { text: _text, html: _html, parts: _parts, ...header }, ...place }) => ({
    ...place,
    message: header,
  }));
  return { messages, contents, limits: [...limits.values()] };
}

/** What reading one upload may use: a 10 MB upload reads in well under these. */
export const MAIL_READ_LIMITS: WorkLimits = { memoryMb: 256, timeMs: 30_000, outputBytes: 16 * 1024 * 1024 };

const readTask = boundedTask<Uint8Array, ReadUpload>(new URL(import.meta.url), 'readMailUpload');

/**
 * `readMailUpload` in a worker thread under `MAIL_READ_LIMITS`, away from the caller's event
 * loop and memory. Throws NotAnEmailError as the direct call does, WorkLimitError past a limit.
 */
export async function readMailUploadBounded(raw: Uint8Array, limits: WorkLimits = MAIL_READ_LIMITS): Promise<ReadUpload> {
  try {
    return await runBounded(readTask, raw, limits);
  } catch (error) {
    if (error instanceof WorkFailedError && error.kind === 'NotAnEmailError') throw new NotAnEmailError(error.message);
    throw error;
  }
}
