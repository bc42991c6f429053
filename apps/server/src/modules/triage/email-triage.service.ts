import type { ForwardedMessage, TriageEmailResponse, Verdict } from '@riskscan/contracts';
import { TRIAGE_SCAN_MAX } from '@riskscan/contracts';
import {
  addressDomain,
  formatMailbox,
  type InnerVerdict,
  judgeMessage,
  type MessageHeader,
  type MessageJudgement,
  readMailUploadBounded,
  type ReadUpload,
  type ShortLinkExpansion,
} from '@riskscan/scanner';
import type { JudgeUrls } from '../lookup/index.ts';

/** Queues full scans of URLs for the caller and answers their uids. */
export type QueueScans = (urls: string[]) => Promise<{ url: string; uid: string }[]>;

/** Follows the links on known shorteners to where they lead (the scanner's `expandShortLinks` on the server's network). */
export type ExpandShortLinks = (urls: string[]) => Promise<Map<string, ShortLinkExpansion>>;

export type TriageEmailOptions = { queueScans?: QueueScans; expandShortLinks?: ExpandShortLinks };

function header(message: MessageHeader): TriageEmailResponse['message'] {
  return {
    from: formatMailbox(message.from),
    reply_to: message.replyTo.map(formatMailbox).join(', ') || null,
    return_path: message.returnPath,
    subject: message.subject,
    date: message.date,
    authentication: message.authentication,
  };
}

function describe(entry: ReadUpload['messages'][number]): string {
  const what =
    entry.kind === 'bounce' ? 'The returned message' : entry.kind === 'feedback-report' ? 'The reported message' : 'The forwarded message';
  const from = formatMailbox(entry.message.from);
  return from ? `${what} from ${from}` : what;
}

/**
 * E-mail triage: the upload and every message inside it (forwarded, bounced, reported), each
 * with its links judged by the URL verdict in the light of that message, its header signals and
 * its own score; the upload's score is at least the worst inner message's. Judgement is the
 * scanner's (`readMailUploadBounded`, `judgeMessage`); this asks for verdicts and puts the answer together.
 */
export async function triageEmail(raw: Uint8Array, judge: JudgeUrls, options: TriageEmailOptions = {}): Promise<TriageEmailResponse> {
  const { queueScans } = options;
  // Parsing and decoding run in a worker thread with their own limits, never on this event loop.
  const tree = await readMailUploadBounded(raw);
  const { contents } = tree;

  // One batch of verdicts for every link, where each short link leads, and every sender domain.
  const urls = [...new Set(contents.flatMap((content) => content.links.map((link) => link.url)))];
  const expansions = options.expandShortLinks ? await options.expandShortLinks(urls) : new Map<string, ShortLinkExpansion>();
  const finals = [...expansions.values()].map((expansion) => expansion.final_url).filter((url) => url !== null);
  const senders = [
    ...new Set(tree.messages.map((entry) => addressDomain(entry.message.from?.address)).filter((domain) => domain !== null)),
  ];
  const asked = [...new Set([...urls, ...finals, ...senders])];
  const judged = await judge(asked);
  const verdicts = new Map<string, Verdict>();
  asked.forEach((url, index) => {
    const outcome = judged[index];
    if (outcome && !('error' in outcome)) verdicts.set(url, outcome);
  });
  // A short link is judged as the address it leads to; unexpanded, it keeps its own verdict.
  for (const [url, expansion] of expansions) {
    const final = expansion.final_url === null ? undefined : verdicts.get(expansion.final_url);
    if (final) verdicts.set(url, final);
  }

  // Innermost first, so that each message knows the verdicts of the messages inside it.
  const judgements: MessageJudgement[] = [];
  for (const entry of [...tree.messages].reverse()) {
    const inner: InnerVerdict[] = tree.messages
      .filter((child) => child.index !== 0 && child.parent === entry.index)
      .map((child) => ({ description: describe(child), ...judgements[child.index]! }));
    const domain = addressDomain(entry.message.from?.address);
    judgements[entry.index] = judgeMessage({
      message: entry.message,
      index: entry.index,
      contents: contents[entry.index]!,
      verdicts,
      senderDomainScore: (domain && verdicts.get(domain)?.risk_score) || 0,
      inner,
    });
  }

  const upload = judgements[0]!;
  const forwarded: ForwardedMessage[] = tree.messages.slice(1).map((entry) => ({
    index: entry.index,
    depth: entry.depth,
    parent: entry.parent,
    kind: entry.kind,
    ...header(entry.message),
    risk_score: judgements[entry.index]!.risk_score,
    risk_level: judgements[entry.index]!.risk_level,
    reasons: judgements[entry.index]!.reasons,
  }));
  const links = judgements.flatMap((judgement) =>
    judgement.urls.map((link) => {
      const expansion = expansions.get(link.url);
      return expansion ? { ...link, expansion } : link;
    }),
  );
  const result: TriageEmailResponse = {
    message: header(tree.messages[0]!.message),
    forwarded,
    limits: tree.limits,
    urls: links,
    attachments: contents.flatMap((content) => content.attachments),
    risk_score: upload.risk_score,
    risk_level: upload.risk_level,
    reasons: upload.reasons,
  };
  if (queueScans) {
    const riskiestUrls = [...new Set([...links].sort((a, b) => b.verdict.risk_score - a.verdict.risk_score).map((link) => link.url))];
    result.scans = await queueScans(riskiestUrls.slice(0, TRIAGE_SCAN_MAX));
  }
  return result;
}
