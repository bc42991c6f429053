import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX bytes (nodemailer encodes long lines). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits for a mail to `to` in the server's outbox (the global setup's data folder) and returns
 * the first link in it matching `pattern`. Each test mails its own address, so the newest match wins.
 */
export async function mailedLink(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the Playwright global setup');
  const outbox = path.join(dataDir, 'outbox');
  const addressed = new RegExp(`^To: .*${escape(to)}`, 'mi');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const link = addressed.test(raw) ? decodeQuotedPrintable(raw).match(pattern)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link like ${pattern} within ${timeoutMs} ms`);
}
