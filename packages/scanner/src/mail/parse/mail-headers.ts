import type { MailAuthentication } from '@riskscan/contracts';
import type { Mailbox, MailMessage } from '../mail-message.ts';
import PostalMime, { type Address, type Email } from 'postal-mime';

/** The upload is not an e-mail message (.eml or .msg); the message says why in words for the sender. */
export class NotAnEmailError extends Error {
  // The name travels with the message when the parse runs in a worker thread.
  override readonly name = 'NotAnEmailError';
}

/** What a message's header block says about it. */
export type HeaderFields = Pick<MailMessage, 'from' | 'replyTo' | 'returnPath' | 'subject' | 'date' | 'authentication'>;

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
function authenticationResults(headers: Email['headers']): MailAuthentication {
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

export function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** Addresses, encoded words, dates and authentication results of a header block, read by postal-mime. */
export async function readHeaderFields(header: Uint8Array): Promise<HeaderFields> {
  let email: Email;
  try {
    email = await PostalMime.parse(Buffer.concat([header, Buffer.from('\r\n\r\n')]), { attachmentEncoding: 'arraybuffer' });
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
  };
}

/** `Name <address>` as people write it, or just the address. */
export function formatMailbox(box: Mailbox | null): string | null {
  if (!box) return null;
  if (!box.address) return box.name || null;
  return box.name ? `${box.name} <${box.address}>` : box.address;
}
