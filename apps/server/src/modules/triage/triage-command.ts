import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type FlaggedVisit, logFormatSchema, type TriageEmailResponse } from '@riskscan/contracts';
import { type CliIo, openCliJudge } from '../lookup/index.ts';
import { triageEmail } from './email-triage.service.ts';
import { parseFieldMap } from './log-formats.ts';
import { huntKnowledge } from './hunt-knowledge.ts';
import { parseLogTemplate } from './log-template.ts';
import { logLines } from './log-lines.ts';
import { openLog, retroHunt } from './retro-hunt.ts';

const USAGE = `usage: npm run -s triage -- --log FILE [--format auto|squid|combined|zeek|elff|zscaler|cef|jsonl] [--fields url=request.url,...] [--template 'SQUID LOGFORMAT'] [--json] [--no-reputation]
       npm run -s triage -- message.eml [--json] [--no-reputation]`;

const numbers = new Intl.NumberFormat('en-US');

function progressBar(done: number, total: number, lines: number, flagged: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const width = 30;
  const filled = Math.round(share * width);
  return `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%  ${numbers.format(lines)} lines  ${numbers.format(flagged)} flagged`;
}

function visitLine(visit: FlaggedVisit): string {
  const reason = visit.reasons[0]?.message ?? '';
  return [visit.time ?? '-', visit.client ?? '-', visit.method ?? '-', `${visit.risk_level} ${visit.risk_score}`, visit.url, reason].join(
    '  ',
  );
}

function emailReport(triage: TriageEmailResponse): string {
  const lines = [
    `${triage.risk_level} ${triage.risk_score}  ${triage.message.subject ?? '(no subject)'}`,
    `from ${triage.message.from ?? '-'}  spf=${triage.message.authentication.spf ?? '-'} dkim=${triage.message.authentication.dkim ?? '-'} dmarc=${triage.message.authentication.dmarc ?? '-'}`,
    ...triage.reasons.map((reason) => `  ${String(reason.risk_score).padStart(3)}  ${reason.message}`),
    'links:',
    ...triage.urls.map(
      (link) =>
        `  ${link.verdict.risk_level.padEnd(6)} ${String(link.verdict.risk_score).padStart(3)}  ${link.source.padEnd(10)} ${link.url}${link.mismatch ? `  (shows ${link.display_text})` : ''}`,
    ),
    'attachments:',
    ...triage.attachments.map(
      (file) =>
        `  ${file.filename ?? '(no name)'}  ${file.content_type}  ${numbers.format(file.size)} B${file.risky_type ? `  risky: ${file.risky_type}` : ''}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** `npm run triage`: retro-hunts a proxy log, or triages one message file. */
export async function triageCommand(io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: io.args,
      allowPositionals: true,
      options: {
        log: { type: 'string' },
        format: { type: 'string', default: 'auto' },
        fields: { type: 'string' },
        template: { type: 'string' },
        json: { type: 'boolean', default: false },
        'no-reputation': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (!values.log && positionals.length !== 1) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const format = logFormatSchema.safeParse(values.format);
  if (!format.success) {
    io.stderr.write(
      `Unknown --format ${values.format}: use auto (the default), squid, combined, zeek, elff, zscaler, cef, jsonl or template (with --template).\n`,
    );
    return 2;
  }
  // A bad field map or template is a usage error, found before the judge opens its database.
  let layout: { fields: ReturnType<typeof parseFieldMap>; template: ReturnType<typeof parseLogTemplate> | undefined };
  try {
    layout = { fields: parseFieldMap(values.fields), template: values.template ? parseLogTemplate(values.template) : undefined };
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }

  const { judge, reputationOfVisit: knowledge, close } = await openCliJudge({ reputation: !values['no-reputation'], env: io.env });

  try {
    if (!values.log) {
      const triage = await triageEmail(new Uint8Array(await readFile(positionals[0]!)), judge);
      io.stdout.write(values.json ? `${JSON.stringify(triage)}\n` : emailReport(triage));
      return 0;
    }
    const size = (await stat(values.log)).size;
    const input = createReadStream(values.log, { highWaterMark: 1024 * 1024 });
    const showProgress = io.stderr.isTTY;
    let flagged = 0;
    let pending = '';
    const log = await openLog(logLines(input), {
      format: format.data,
      ...layout,
    });
    const summary = await retroHunt(log.lines, {
      ...log,
      judge,
      knowledge: knowledge ? huntKnowledge(knowledge) : undefined,
      onFlagged(visit) {
        flagged++;
        pending += `${values.json ? JSON.stringify(visit) : visitLine(visit)}\n`;
        if (pending.length > 64 * 1024) {
          io.stdout.write(pending);
          pending = '';
        }
      },
      onProgress(lines) {
        if (showProgress) io.stderr.write(progressBar(input.bytesRead, size, lines, flagged));
      },
    });
    io.stdout.write(pending);
    if (showProgress) io.stderr.write('\n');
    io.stderr.write(
      `${numbers.format(summary.lines)} lines, ${numbers.format(summary.visits)} visits, ${numbers.format(summary.hosts)} addresses judged; ` +
        `${numbers.format(summary.flagged_visits)} flagged visits to ${summary.flagged_hosts.length} hosts${summary.unparsed ? `; ${numbers.format(summary.unparsed)} lines not read as ${summary.format} (${summary.skipped.unreadable} not in the format, ${summary.skipped.no_host} without a host)` : ''}\n`,
    );
    for (const host of summary.flagged_hosts) io.stderr.write(`  ${host}\n`);
    return 0;
  } catch (error) {
    // Unreadable files, non-messages, bad field maps: the message is the answer.
    io.stderr.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await close();
  }
}
