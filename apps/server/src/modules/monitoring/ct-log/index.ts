// Certificate Transparency read directly (RFC 6962): a log client, its leaves' names, the poller and its positions.
export { ctLogClient, type CtLogClient, type TreeHead } from './ct-log-client.ts';
export { firstSeenInCtLogs, hostFirstSeenInCtLogs, listLogPositions } from './ct-log.repository.ts';
export { pollCtLogs, type CtLogPoll, type CtPollDeps, type CtPollSettings } from './ct-poller.ts';
export { ctSourceStatus, type SourceStatus } from './source-status.ts';
export { decodeLeaf, type LogEntry } from './merkle-leaf.ts';
export { certificateNames as certificateDerNames } from './certificate-names.ts';
