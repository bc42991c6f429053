import type { TriageAttachment, TriageEmailResponse, TriageLink, LinkSource, Verdict } from '@riskscan/contracts';
import { riskBandStart, riskLevelForScore, TRIAGE_SCAN_MAX } from '@riskscan/contracts';
import { CLASSIFICATIONS, combineSignals, dataImageBytes, hostParts, qrCodeTexts, type Signal } from '@riskscan/scanner';
import { attachmentSignal, describeAttachment, isHtmlPart, isImagePart, isTextPart } from './attachment-risk.ts';
import { type FoundForm, type FoundLink, hostShownIn, linksInHtml, linksInText, webAddress } from './find-links.ts';
import { addressDomain, brandsClaimedBy, headerSignals } from './header-signals.ts';
import type { JudgeUrls } from '../lookup/index.ts';
import { formatMailbox, type MailMessage, readMessage } from './read-message.ts';

/** Queues full scans of URLs for the caller and answers their uids. */
export type QueueScans = (urls: string[]) => Promise<{ url: string; uid: string }[]>;

// A message with more is a mailing list digest or an attack on this service; either way the
// first ones tell the story.
const MAX_LINKS = 500;
const MAX_IMAGES = 20;
// Evidence from the headers, look-alike link texts and attachments past which the whole message
// is taken for phishing, and its links with it.
const PHISHING_EVIDENCE = 60;
const MISMATCH_SCORE = 70;
const ATTACHMENT_FORM_TARGET_SCORE = 80;
const PHISHING_MESSAGE_SCORE = 60;
const QR_SCORE = 20;

type Candidate = FoundLink & { source: LinkSource; formInAttachment: boolean };

class LinkCollector {
  readonly links = new Map<string, Candidate>();

  add(source: LinkSource, link: FoundLink, formInAttachment = false): void {
    if (this.links.size >= MAX_LINKS) return;
    const key = `${source} ${link.url}`;
    const known = this.links.get(key);
    if (!known) {
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

async function addQrLinks(collector: LinkCollector, image: Uint8Array): Promise<void> {
  for (const text of await qrCodeTexts(image)) {
    const direct = webAddress(text);
    if (direct) collector.add('qr', { url: direct, displayText: null, mismatch: false });
    else collector.addText('qr', text);
  }
}

type Collected = { links: Candidate[]; attachments: TriageAttachment[] };

async function collectLinks(message: MailMessage): Promise<Collected> {
  const collector = new LinkCollector();
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
    } else if (isTextPart(part)) {
      collector.addText('attachment', decodeText(part.content));
    } else if (isImagePart(part)) {
      images.push(part.content);
    }
    attachments.push(describeAttachment(part, forms));
  }
  for (const image of images.slice(0, MAX_IMAGES)) await addQrLinks(collector, image);
  return { links: [...collector.links.values()], attachments };
}

function domainOf(url: string): string {
  const host = new URL(url).hostname;
  return hostParts(host).domain ?? host;
}

function mismatchSignal(links: Candidate[]): Signal | null {
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

/** The link's own verdict plus what the message around it adds; reasons strongest first. */
function verdictInContext(verdict: Verdict, context: Signal[]): TriageLink['verdict'] {
  const { risk_score, risk_level, classification, reasons } = verdict;
  if (context.length === 0) return { risk_score, risk_level, classification, reasons };
  const own: Signal[] = reasons.map((reason) => ({ ...reason, classification: null }));
  const combined = combineSignals(verdict.url, [...context, ...own], false);
  return {
    risk_score: combined.risk_score,
    risk_level: combined.risk_level,
    classification: [...new Set([...combined.classification.filter((name) => name !== CLASSIFICATIONS.suspicious), ...classification])],
    reasons: combined.reasons,
  };
}

function isAllowlisted(verdict: Verdict): boolean {
  return verdict.reasons.some((reason) => reason.code === 'allowlisted');
}

/**
 * E-mail triage: every link of a message (text, HTML with the text shown for it, defanged forms,
 * QR codes in images, HTML and text attachments), each judged by the URL verdict in the light of
 * the message, the header signals, and one score for the message.
 */
export async function triageEmail(raw: Uint8Array, judge: JudgeUrls, queueScans?: QueueScans): Promise<TriageEmailResponse> {
  const message = await readMessage(raw);
  const { links, attachments } = await collectLinks(message);

  const fromDomain = addressDomain(message.from?.address);
  const urls = [...new Set(links.map((link) => link.url))];
  const judged = await judge(fromDomain ? [...urls, fromDomain] : urls);
  const verdicts = new Map<string, Verdict>();
  urls.forEach((url, index) => {
    const outcome = judged[index];
    if (outcome && !('error' in outcome)) verdicts.set(url, outcome);
  });
  const senderVerdict = fromDomain ? judged[urls.length] : undefined;
  const senderDomainScore = senderVerdict && !('error' in senderVerdict) ? senderVerdict.risk_score : 0;

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

  const triaged: TriageLink[] = [];
  for (const link of links) {
    const verdict = verdicts.get(link.url);
    if (!verdict) continue;
    const context: Signal[] = [];
    if (link.mismatch) {
      context.push({
        code: 'link_text_mismatch',
        risk_score: MISMATCH_SCORE,
        message: `The link shows ${hostShownIn(link.displayText ?? '')} but opens ${new URL(link.url).hostname}.`,
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
    triaged.push({
      url: link.url,
      source: link.source,
      display_text: link.displayText,
      mismatch: link.mismatch,
      verdict: verdictInContext(verdict, context),
    });
  }

  const messageSignals = [...evidence];
  const riskiest = [...triaged].sort((a, b) => b.verdict.risk_score - a.verdict.risk_score)[0];
  if (riskiest && riskiest.verdict.risk_score >= riskBandStart('Good')) {
    messageSignals.push({
      code: 'risky_link',
      risk_score: riskiest.verdict.risk_score,
      message: `A link to ${new URL(riskiest.url).hostname} is rated ${riskiest.verdict.risk_level} (${riskiest.verdict.risk_score}).`,
      classification: riskiest.verdict.classification[0] ?? null,
    });
  }
  if (triaged.some((link) => link.source === 'qr')) {
    messageSignals.push({
      code: 'qr_code_link',
      risk_score: QR_SCORE,
      message: 'An image carries a link in a QR code.',
      classification: null,
    });
  }
  const combined = combineSignals('message', messageSignals, false);

  const result: TriageEmailResponse = {
    message: {
      from: formatMailbox(message.from),
      reply_to: message.replyTo.map(formatMailbox).join(', ') || null,
      return_path: message.returnPath,
      subject: message.subject,
      date: message.date,
      authentication: message.authentication,
    },
    urls: triaged,
    attachments,
    risk_score: combined.risk_score,
    risk_level: riskLevelForScore(combined.risk_score),
    reasons: combined.reasons,
  };
  if (queueScans) {
    const riskiestUrls = [...new Set([...triaged].sort((a, b) => b.verdict.risk_score - a.verdict.risk_score).map((link) => link.url))];
    result.scans = await queueScans(riskiestUrls.slice(0, TRIAGE_SCAN_MAX));
  }
  return result;
}
