import { riskBandStart, riskLevelForScore, type RiskLevel, type TriageLink, type Verdict, type VerdictReason } from '@riskscan/contracts';
import { brandCatalogue } from '../brand/brand-catalogue.ts';
import { hostParts } from '../url/host-parts.ts';
import { combineSignals } from '../verdict/combine-signals.ts';
import { DANGER_SCORE } from '../verdict/url-model.ts';
import { CLASSIFICATIONS, type Signal } from '../verdict/signal.ts';
import type { ModelOutcome } from '../verdict/url-model.ts';
import { attachmentSignal } from './attachment-risk.ts';
import { hostShownIn } from './find-links.ts';
import { addressDomain, brandsClaimedBy, headerSignals } from './header-signals.ts';
import type { MailMessage } from './mail-message.ts';
import type { LinkCandidate, MessageContents } from './message-links.ts';

// Evidence from the headers, look-alike link texts and attachments past which the whole message
// is taken for phishing, and its links with it.
const PHISHING_EVIDENCE = 60;
const MISMATCH_SCORE = 70;
// A link that shows a brand's own address and opens another domain leaves no doubt: decisive.
const BRAND_MISMATCH_SCORE = DANGER_SCORE;
const ATTACHMENT_FORM_TARGET_SCORE = 80;
const PHISHING_MESSAGE_SCORE = 60;
const QR_SCORE = 20;

/** A message found inside this one, already judged. */
export type InnerVerdict = { description: string; risk_score: number; classification: string | null };

export type MessageJudgement = {
  urls: TriageLink[];
  risk_score: number;
  risk_level: RiskLevel;
  reasons: VerdictReason[];
  /** The strongest class the message earned, for the message that carries it. */
  classification: string | null;
};

export type JudgeMessageInput = {
  message: Pick<MailMessage, 'from' | 'replyTo' | 'authentication'>;
  /** The message's place in the upload (0: the upload itself). */
  index: number;
  contents: MessageContents;
  /** The URL verdict of each link, by URL; links without one are left out. */
  verdicts: Map<string, Verdict>;
  /** The URL verdict's score of the From domain. */
  senderDomainScore: number;
  /** Messages forwarded inside this one: the worst of them sets a floor under this one's score. */
  inner?: InnerVerdict[];
};

function domainOf(url: string): string {
  const host = new URL(url).hostname;
  return hostParts(host).domain ?? host;
}

function mismatchSignal(links: LinkCandidate[]): Signal | null {
  const mismatched = links.filter((link) => link.mismatch);
  if (mismatched.length === 0) return null;
  const first = mismatched[0]!;
  const others = mismatched.length > 1 ? ` (and ${mismatched.length - 1} more)` : '';
  return {
    code: 'link_text_mismatch',
    risk_score: 60,
    message: `A link shows ${hostShownIn(first.displayText ?? '')} but opens ${new URL(first.url).hostname}${others}.`,
    classification: CLASSIFICATIONS.phishing,
  };
}

/**
 * The link's own verdict plus what the message around it adds; reasons strongest first. The
 * verdict counts whole, as one signal its reasons share (as the model's score does in the
 * verdict), so a link the URL verdict already rates Danger stays Danger.
 */
function verdictInContext(verdict: Verdict, context: Signal[]): TriageLink['verdict'] {
  const { risk_score, risk_level, classification, reasons } = verdict;
  if (context.length === 0) return { risk_score, risk_level, classification, reasons };
  const own: ModelOutcome = {
    risk_score,
    reasons: reasons.map((reason) => ({ ...reason, classification: null })),
    classification: null,
    decisive: risk_score >= DANGER_SCORE,
  };
  const combined = combineSignals(verdict.url, context, false, own);
  return {
    risk_score: combined.risk_score,
    risk_level: combined.risk_level,
    classification: [...new Set([...combined.classification.filter((name) => name !== CLASSIFICATIONS.suspicious), ...classification])],
    // A verdict of 0 (an allowlisted site) is no signal, but its reasons still say why.
    reasons: risk_score > 0 ? combined.reasons : [...combined.reasons, ...reasons],
  };
}

function isAllowlisted(verdict: Verdict): boolean {
  return verdict.reasons.some((reason) => reason.code === 'allowlisted');
}

/** What the message adds to one link's verdict. */
function linkContext(link: LinkCandidate, phishy: boolean, claimed: Set<string>, verdict: Verdict): Signal[] {
  const context: Signal[] = [];
  if (link.mismatch) {
    // Not when the link opens a well-known site: newsletters show a brand's address over their
    // mailing service's tracking link.
    const shown = hostShownIn(link.displayText ?? '');
    const brandShown = shown !== null && !isAllowlisted(verdict) && brandCatalogue().byDomain.has(hostParts(shown).domain ?? shown);
    context.push({
      code: 'link_text_mismatch',
      risk_score: brandShown ? BRAND_MISMATCH_SCORE : MISMATCH_SCORE,
      message: `The link shows ${shown} but opens ${new URL(link.url).hostname}.`,
      classification: CLASSIFICATIONS.phishing,
    });
  }
  if (link.formInAttachment) {
    context.push({
      code: 'attachment_form_target',
      risk_score: ATTACHMENT_FORM_TARGET_SCORE,
      message: 'A form in an attached HTML file sends what is typed into it here.',
      classification: CLASSIFICATIONS.phishing,
    });
  }
  if (link.source === 'qr') {
    context.push({
      code: 'qr_code_link',
      risk_score: QR_SCORE,
      message: 'The link is hidden in a QR code, out of sight of link filters.',
      classification: null,
    });
  }
  if (phishy && !claimed.has(domainOf(link.url)) && !isAllowlisted(verdict)) {
    context.push({
      code: 'phishing_message',
      risk_score: PHISHING_MESSAGE_SCORE,
      message: 'The link comes in a message that fails sender checks or pretends to be someone else.',
      classification: CLASSIFICATIONS.phishing,
    });
  }
  return context;
}

/**
 * E-mail judgement: each link judged by its URL verdict in the light of the message (look-alike
 * link text, form targets in attachments, QR codes, a message that is phishing as a whole), and
 * one score for the message from its header, link-text and attachment evidence, its riskiest
 * link and the worst message forwarded inside it. One decisive finding reaches Danger; weak ones
 * add 30%.
 */
export function judgeMessage(input: JudgeMessageInput): MessageJudgement {
  const { message, contents, verdicts, senderDomainScore } = input;
  const { links, attachments } = contents;
  const fromDomain = addressDomain(message.from?.address);

  const evidence: Signal[] = headerSignals({
    from: message.from,
    replyTo: message.replyTo,
    authentication: message.authentication,
    senderDomainScore,
  });
  const mismatch = mismatchSignal(links);
  if (mismatch) evidence.push(mismatch);
  for (const attachment of attachments) {
    const signal = attachmentSignal(attachment);
    if (signal) evidence.push(signal);
  }
  const phishy = combineSignals('message', evidence, false).risk_score >= PHISHING_EVIDENCE;

  // The identity the message claims: hosts its link texts show and the domains of brands the
  // sender names. Links there are the real thing, however phishy the message around them.
  const claimed = new Set<string>();
  for (const link of links) {
    const shown = link.mismatch && link.displayText ? hostShownIn(link.displayText) : null;
    if (shown) claimed.add(hostParts(shown).domain ?? shown);
  }
  for (const brand of brandsClaimedBy(message.from)) for (const domain of brand.domains) claimed.add(domain);
  // DMARC failing for the From domain means its owner did not send this: the domain is the one
  // impersonated, not the attacker's (look-alike domains an attacker owns pass or have no DMARC).
  if (fromDomain && message.authentication.dmarc === 'fail' && senderDomainScore < riskBandStart('Normal')) claimed.add(fromDomain);

  const urls: TriageLink[] = [];
  for (const link of links) {
    const verdict = verdicts.get(link.url);
    if (!verdict) continue;
    urls.push({
      url: link.url,
      message: input.index,
      source: link.source,
      display_text: link.displayText,
      mismatch: link.mismatch,
      verdict: verdictInContext(verdict, linkContext(link, phishy, claimed, verdict)),
    });
  }

  const messageSignals = [...evidence];
  const riskiest = [...urls].sort((a, b) => b.verdict.risk_score - a.verdict.risk_score)[0];
  if (riskiest && riskiest.verdict.risk_score >= riskBandStart('Good')) {
    messageSignals.push({
      code: 'risky_link',
      risk_score: riskiest.verdict.risk_score,
      message: `A link to ${new URL(riskiest.url).hostname} is rated ${riskiest.verdict.risk_level} (${riskiest.verdict.risk_score}).`,
      classification: riskiest.verdict.classification[0] ?? null,
    });
  }
  if (urls.some((link) => link.source === 'qr')) {
    messageSignals.push({
      code: 'qr_code_link',
      risk_score: QR_SCORE,
      message: 'An image carries a link in a QR code.',
      classification: null,
    });
  }
  const worstInner = [...(input.inner ?? [])].sort((a, b) => b.risk_score - a.risk_score)[0];
  if (worstInner && worstInner.risk_score > 0) {
    messageSignals.push({
      code: 'forwarded_message',
      risk_score: worstInner.risk_score,
      message: `${worstInner.description} is rated ${riskLevelForScore(worstInner.risk_score)} (${worstInner.risk_score}).`,
      classification: worstInner.classification,
    });
  }
  const combined = combineSignals('message', messageSignals, false);
  return {
    urls,
    risk_score: combined.risk_score,
    risk_level: riskLevelForScore(combined.risk_score),
    reasons: combined.reasons,
    classification: combined.classification.find((name) => name !== CLASSIFICATIONS.suspicious) ?? combined.classification[0] ?? null,
  };
}
