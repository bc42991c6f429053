import { VERDICT_REPORT_STATUSES, type VerdictReport } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain-errors.ts';
import { decideReport, labelledExamples, reviewQueue, type VerdictCorrections } from './verdict-reports.service.ts';

export const VERDICT_REPORTS_USAGE = `Usage: npm run verdict-reports -- <command>

  list [--status pending|accepted|rejected]   reports to review (default: pending)
  accept <uid> [<uid> ...]                     the verdict was wrong: correct the feeds, keep the example
  reject <uid> [<uid> ...]                     the verdict stands
  examples                                     accepted reports as labelled examples (JSON lines)`;

type Status = (typeof VERDICT_REPORT_STATUSES)[number];

const WHAT = { false_positive: 'says it is NOT dangerous', missed_phishing: 'says it IS phishing' } as const;

function describe(report: VerdictReport): string {
  const lines = [
    `${report.uid}  ${report.status}  ${report.created_at}`,
    `    ${report.url}  scored ${report.overall_risk}; the reporter ${WHAT[report.kind]}  (scan ${report.scan_uid})`,
  ];
  if (report.comment) lines.push(...report.comment.split('\n').map((line) => `    | ${line}`));
  return lines.join('\n');
}

/** The review queue from the command line; returns the process exit code (2: usage, 1: some uid had no pending report). */
export async function runVerdictReportsCommand(
  args: string[],
  context: { db: Db; corrections: VerdictCorrections; reviewer: string },
  out: (text: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    const index = rest.indexOf('--status');
    const status = index === -1 ? 'pending' : rest[index + 1];
    if (!VERDICT_REPORT_STATUSES.includes(status as Status)) {
      out(VERDICT_REPORTS_USAGE);
      return 2;
    }
    const reports = await reviewQueue(context.db, status as Status);
    out(reports.length === 0 ? `No ${status} reports.` : reports.map(describe).join('\n\n'));
    return 0;
  }
  if ((command === 'accept' || command === 'reject') && rest.length > 0) {
    let missing = 0;
    for (const uid of rest) {
      try {
        const report = await decideReport(context.db, context.corrections, uid, command, context.reviewer);
        out(`${command === 'accept' ? 'Accepted' : 'Rejected'}: ${report.uid} (${report.url})`);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        out(`No pending report: ${uid}`);
        missing += 1;
      }
    }
    return missing > 0 ? 1 : 0;
  }
  if (command === 'examples' && rest.length === 0) {
    out((await labelledExamples(context.db)).trimEnd());
    return 0;
  }
  out(VERDICT_REPORTS_USAGE);
  return 2;
}
