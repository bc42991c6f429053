// E-mail: reading an upload (MIME or Outlook, in a bounded worker), links found in a parsed
// message, header and attachment evidence, and the verdict of a message (and the messages
// forwarded inside it).
export type { Mailbox, MailMessage, MailPart } from './mail-message.ts';
export { linksInHtml, linksInText, hostShownIn, shownHostDiffers, webAddress } from './find-links.ts';
export { addressDomain } from './header-signals.ts';
export { messageContents, type LinkBudget, type LinkCandidate, type MessageContents, type ReadQrCodes } from './message-links.ts';
export { judgeMessage, type InnerVerdict, type JudgeMessageInput, type MessageJudgement } from './judge-message.ts';
export { EXPANSION_LIMITS, expandShortLinks, type ExpansionNetwork, type ShortLinkExpansion } from './expand-short-links.ts';
export { formatMailbox, NotAnEmailError } from './parse/mail-headers.ts';
export { MSG_FILE_LIMITS } from './parse/compound-file.ts';
export { MAIL_READ_LIMITS, readMailUpload, readMailUploadBounded, type MessageHeader, type ReadUpload } from './read-upload.ts';
