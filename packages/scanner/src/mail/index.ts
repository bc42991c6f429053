// E-mail judgement: links found in a parsed message, header and attachment evidence, and the
// verdict of a message (and the messages forwarded inside it). Parsing is the caller's.
export type { Mailbox, MailMessage, MailPart } from './mail-message.ts';
export { linksInHtml, linksInText, hostShownIn, shownHostDiffers, webAddress } from './find-links.ts';
export { addressDomain } from './header-signals.ts';
export { messageContents, type LinkBudget, type LinkCandidate, type MessageContents, type ReadQrCodes } from './message-links.ts';
export { judgeMessage, type InnerVerdict, type JudgeMessageInput, type MessageJudgement } from './judge-message.ts';
export { EXPANSION_LIMITS, expandShortLinks, type ExpansionNetwork, type ShortLinkExpansion } from './expand-short-links.ts';
