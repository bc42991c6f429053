import { isRiskyOrWorse, type MailAuthentication } from '@riskscan/contracts';
import type { Brand } from '../brand/brand-catalogue.ts';
import { brandsNamedIn, ownsDomain } from '../brand/named-brands.ts';
import { hostParts } from '../url/host-parts.ts';
import { CLASSIFICATIONS, type Signal } from '../verdict/signal.ts';
import type { Mailbox } from './mail-message.ts';

export function addressDomain(address: string | null | undefined): string | null {
  const at = address?.lastIndexOf('@') ?? -1;
  if (!address || at === -1) return null;
  const host = address
    .slice(at + 1)
    .replace(/>$/, '')
    .trim()
    .toLowerCase();
  return host === '' ? null : (hostParts(host).domain ?? host);
}

/** Brands the sender presents itself as: named in the display name or in the From domain. */
export function brandsClaimedBy(from: Mailbox | null): Brand[] {
  if (!from) return [];
  const host = from.address?.split('@')[1] ?? '';
  const seen = new Map<string, Brand>();
  for (const brand of [...brandsNamedIn(from.name ?? ''), ...brandsNamedIn(host.replace(/[.-]/g, ' '))]) seen.set(brand.name, brand);
  return [...seen.values()];
}

const FAILED = new Set(['fail', 'softfail', 'permerror']);

/**
 * What the headers say about the sender: failed authentication, a brand named by a sender that
 * does not belong to it, replies diverted to another domain. `senderVerdict` is the URL verdict's
 * score of the From domain (a look-alike domain scores high there).
 */
export function headerSignals(input: {
  from: Mailbox | null;
  replyTo: Mailbox[];
  authentication: MailAuthentication;
  senderDomainScore: number;
}): Signal[] {
  const { from, replyTo, authentication } = input;
  const fromDomain = addressDomain(from?.address);
  const signals: Signal[] = [];
  const { spf, dkim, dmarc } = authentication;

  if (spf && FAILED.has(spf)) {
    signals.push({
      code: 'spf_fail',
      risk_score: spf === 'softfail' ? 15 : 30,
      message: `SPF ${spf}: the sending server is not one ${fromDomain ?? 'the sender'} allows to send its mail.`,
      classification: null,
    });
  }
  if (dkim && FAILED.has(dkim)) {
    signals.push({
      code: 'dkim_fail',
      risk_score: 20,
      message: 'DKIM fail: the signature does not match the message.',
      classification: null,
    });
  }
  if (dmarc && FAILED.has(dmarc)) {
    signals.push({
      code: 'dmarc_fail',
      risk_score: 45,
      message: `DMARC fail: nothing proves the message comes from ${fromDomain ?? 'its sender'}.`,
      classification: CLASSIFICATIONS.suspicious,
    });
  }

  const foreign = brandsClaimedBy(from).filter((brand) => !ownsDomain(brand, fromDomain));
  if (foreign.length > 0) {
    const names = foreign.map((brand) => brand.name).join(', ');
    signals.push({
      code: 'sender_brand_mismatch',
      risk_score: 60,
      message: `The sender presents itself as ${names}, but writes from ${fromDomain ?? 'no address'}, which does not belong to it.`,
      classification: CLASSIFICATIONS.brandImpersonation,
    });
  }
  if (isRiskyOrWorse(input.senderDomainScore)) {
    signals.push({
      code: 'sender_domain_risky',
      risk_score: input.senderDomainScore,
      message: `The sender's domain ${fromDomain} is itself rated risky (${input.senderDomainScore}).`,
      classification: CLASSIFICATIONS.phishing,
    });
  }

  const replyDomains = [...new Set(replyTo.map((box) => addressDomain(box.address)).filter((domain) => domain !== null))];
  const elsewhere = replyDomains.filter((domain) => domain !== fromDomain);
  if (fromDomain && elsewhere.length > 0) {
    signals.push({
      code: 'reply_to_elsewhere',
      risk_score: 30,
      message: `Replies go to ${elsewhere.join(', ')}, not to the sender's domain ${fromDomain}.`,
      classification: null,
    });
  }
  return signals;
}
