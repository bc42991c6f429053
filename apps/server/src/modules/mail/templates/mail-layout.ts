import type { OutgoingMail } from '../mailer.ts';

/** A rendered message without its recipient. */
export type MailContent = Pick<OutgoingMail, 'subject' | 'text' | 'html'>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** One block of a message: a paragraph, a call-to-action link, or label/value rows. */
export type MailBlock =
  | { paragraph: string }
  | { action: { label: string; href: string } }
  | { rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { quote: string };

function blockText(block: MailBlock): string {
  if ('paragraph' in block) return block.paragraph;
  if ('action' in block) return `${block.action.label}:\n${block.action.href}`;
  if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.quote
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function blockHtml(block: MailBlock): string {
  if ('paragraph' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ('action' in block) {
    const href = escapeHtml(block.action.href);
    return (
      `<p style="margin:24px 0"><a href="${href}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">` +
      `${escapeHtml(block.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">${href}</p>`
    );
  }
  if ('rows' in block) {
    const rows = block.rows
      .map(
        ([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
  }
  const lines = escapeHtml(block.quote).replaceAll('\n', '<br>');
  return `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #ccc">${lines}</blockquote>`;
}

/**
 * Renders the same blocks as plain text and as HTML, so both parts always say the same thing.
 * Every value is escaped in the HTML part: user input never becomes markup.
 */
export function renderMail(subject: string, heading: string, blocks: readonly MailBlock[]): MailContent {
  const footer = 'riskscan: is this URL safe to visit?';
  const text = [heading, ...blocks.map(blockText), '--', footer].join('\n\n') + '\n';
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>${blocks.map(blockHtml).join('')}` +
    `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#777">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}
