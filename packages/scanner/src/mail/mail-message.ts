import type { MailAuthentication } from '@riskscan/contracts';

/** A sender or recipient as the message names it. */
export type Mailbox = { name: string; address?: string };

/** A MIME part outside the body text: its bytes as sent, after transfer decoding. */
export type MailPart = { filename: string | null; contentType: string; content: Uint8Array };

/** What e-mail judgement reads of a parsed message; parsing it is the caller's business. */
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
