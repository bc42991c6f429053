import { readFile } from 'node:fs/promises';
import type { Monitor, RiskLevel, ScanJob, TriageEmailResponse, Verdict, VerdictError } from '@riskscan/contracts';
import { callApi, type ServerSettings } from './api-client.ts';
import { CliError, EXIT_NOT_JUDGED, EXIT_PASSED, EXIT_THRESHOLD_REACHED, EXIT_UNREACHABLE } from './cli-errors.ts';
import { reaches } from './risk-levels.ts';

/**
 * Where a command reads and writes: standard input (for `-`), results on `out`, progress and notes
 * on `err` (a TTY shows a live line).
 */
export type Io = {
  stdin(): Promise<Buffer>;
  out(text: string): void;
  err(text: string): void;
  progress: boolean;
  sleep?: (ms: number) => Promise<void>;
};

const LOOKUP_BATCH = 1000;
const POLL_MS = 1000;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return `${rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n')}\n`;
}

/** The exit code for the levels a command judged: 1 when one reaches `--fail-on`, else 0. */
function gate(levels: RiskLevel[], failOn: RiskLevel | undefined, io: Io): number {
  const worst = failOn && levels.find((level) => reaches(level, failOn));
  if (!worst) return EXIT_PASSED;
  io.err(`riskscan: ${worst} reaches --fail-on ${failOn}\n`);
  return EXIT_THRESHOLD_REACHED;
}

function throttled(io: Io) {
  return (seconds: number) => io.err(`rate limited: waiting ${seconds} s (Retry-After)\n`);
}

export async function scanCommand(
  settings: ServerSettings,
  url: string,
  flags: { json: boolean; fast: boolean; private: boolean; failOn?: RiskLevel | undefined },
  io: Io,
): Promise<number> {
  const sleep = io.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let { body: job } = await callApi<ScanJob>(settings, '/api/v1/scans/', {
    method: 'POST',
    json: { url, fastCheck: flags.fast, private: flags.private, wait: true },
    onThrottled: throttled(io),
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
  const started = Date.now();
  const timeoutMs = settings.timeoutMs ?? Infinity;
  while (job.status === 'queued' || job.status === 'running') {
    if (io.progress) io.err(`\r${job.status} ${Math.round((Date.now() - started) / 1000)} s `);
    if (Date.now() - started >= timeoutMs)
      throw new CliError(
        `Scan ${job.uid} did not finish within ${timeoutMs / 1000} s; raise --timeout or look it up later.`,
        EXIT_UNREACHABLE,
      );
    await sleep(POLL_MS);
    job = (await callApi<ScanJob>(settings, `/api/v1/scans/${job.uid}/`, { onThrottled: throttled(io) })).body;
  }
  if (io.progress) io.err('\n');
  if (flags.json) io.out(`${JSON.stringify(job)}\n`);
  if (job.status !== 'done' || !job.data) {
    throw new CliError(`The server could not finish scan ${job.uid} (status ${job.status}); try again in a few minutes.`, EXIT_NOT_JUDGED);
  }
  const data = job.data;
  if (!flags.json) {
    io.out(
      table([
        ['score', 'level', 'classification', 'url', 'uid'],
        [
          String(data.overall_risk),
          data.risk_score_text.name,
          data.classification.map((entry) => entry.name).join(', ') || '-',
          data.url,
          job.uid,
        ],
      ]),
    );
  }
  // A site that never answered was not judged: its score rests on the address alone.
  if (data.reachable === false) {
    io.err(`riskscan: ${data.url} did not answer; nothing judged (exit ${EXIT_NOT_JUDGED})\n`);
    return EXIT_NOT_JUDGED;
  }
  return gate([data.risk_score_text.name], flags.failOn, io);
}

function isError(outcome: Verdict | VerdictError): outcome is VerdictError {
  return 'error' in outcome;
}

/** Verdicts of URLs or domains, one a line; defanged forms (`hxxp`, `[.]`, `(.)`) are accepted by the server. */
export async function lookupCommand(
  settings: ServerSettings,
  lines: string[],
  flags: { json: boolean; failOn?: RiskLevel | undefined },
  io: Io,
): Promise<number> {
  const urls = lines.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const results: (Verdict | VerdictError)[] = [];
  for (let start = 0; start < urls.length; start += LOOKUP_BATCH) {
    const { body } = await callApi<{ results: (Verdict | VerdictError)[] }>(settings, '/api/v1/lookup/', {
      method: 'POST',
      json: { urls: urls.slice(start, start + LOOKUP_BATCH) },
      onThrottled: throttled(io),
      ...(io.sleep ? { sleep: io.sleep } : {}),
    });
    results.push(...body.results);
    if (io.progress) io.err(`\r${results.length}/${urls.length} judged`);
  }
  if (io.progress && urls.length > 0) io.err('\n');
  if (flags.json) {
    io.out(results.map((result) => `${JSON.stringify(result)}\n`).join(''));
  } else if (results.length > 0) {
    io.out(
      table([
        ['level', 'score', 'url', 'classification'],
        ...results.map((result) =>
          isError(result)
            ? ['error', '-', result.url, result.error]
            : [result.risk_level, String(result.risk_score), result.url, result.classification.join(', ') || '-'],
        ),
      ]),
    );
  }
  const judged = results.flatMap((result) => (isError(result) ? [] : [result.risk_level]));
  if (judged.length === 0) {
    io.err(`riskscan: nothing judged: ${urls.length === 0 ? 'no URLs given' : 'no input was a URL or domain'} (exit ${EXIT_NOT_JUDGED})\n`);
    return EXIT_NOT_JUDGED;
  }
  return gate(judged, flags.failOn, io);
}

export async function triageCommand(
  settings: ServerSettings,
  file: string,
  flags: { json: boolean; failOn?: RiskLevel | undefined },
  io: Io,
): Promise<number> {
  let raw: Buffer;
  try {
    raw = file === '-' ? await io.stdin() : await readFile(file);
  } catch (error) {
    throw new CliError(`Could not read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  const { body } = await callApi<TriageEmailResponse>(settings, '/api/v1/triage/email/', {
    method: 'POST',
    body: new Uint8Array(raw),
    contentType: 'message/rfc822',
    onThrottled: throttled(io),
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
  if (flags.json) {
    io.out(`${JSON.stringify(body)}\n`);
    return gate([body.risk_level], flags.failOn, io);
  }
  const auth = body.message.authentication;
  io.out(
    `${body.risk_level} ${body.risk_score}  ${body.message.subject ?? '(no subject)'}\nfrom ${body.message.from ?? '-'}  spf=${auth.spf ?? '-'} dkim=${auth.dkim ?? '-'} dmarc=${auth.dmarc ?? '-'}\n`,
  );
  for (const reason of body.reasons) io.out(`  ${String(reason.risk_score).padStart(3)}  ${reason.message}\n`);
  if (body.urls.length > 0) {
    io.out(
      table([
        ['level', 'score', 'source', 'url', 'shown as'],
        ...body.urls.map((link) => [
          link.verdict.risk_level,
          String(link.verdict.risk_score),
          link.source,
          link.url,
          link.mismatch ? `${link.display_text} (mismatch)` : (link.display_text ?? '-'),
        ]),
      ]),
    );
  }
  return gate([body.risk_level], flags.failOn, io);
}

export async function monitorAddCommand(
  settings: ServerSettings,
  domain: string,
  flags: { json: boolean; keywords: string[]; webhook?: string | undefined; email?: string | undefined },
  io: Io,
): Promise<number> {
  const { body } = await callApi<Monitor>(settings, '/api/v1/monitors/', {
    method: 'POST',
    json: {
      domain,
      keywords: flags.keywords,
      ...(flags.webhook ? { webhook_url: flags.webhook } : {}),
      ...(flags.email ? { alert_email: flags.email } : {}),
    },
    onThrottled: throttled(io),
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
  if (flags.json) {
    io.out(`${JSON.stringify(body)}\n`);
    return 0;
  }
  io.out(`Watching ${body.domain} (${body.check_interval} checks, uid ${body.uid})\n`);
  // Shown once by the server: the receiver needs it to check the webhooks' signatures.
  if (body.webhook_secret) io.out(`Webhook signing secret: ${body.webhook_secret}\n`);
  return 0;
}

export async function monitorListCommand(settings: ServerSettings, flags: { json: boolean }, io: Io): Promise<number> {
  const { body } = await callApi<Monitor[]>(settings, '/api/v1/monitors/', {
    onThrottled: throttled(io),
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
  if (flags.json) {
    io.out(body.map((monitor) => `${JSON.stringify(monitor)}\n`).join(''));
    return 0;
  }
  if (body.length === 0) {
    io.out('No watched domains.\n');
    return 0;
  }
  io.out(
    table([
      ['domain', 'look-alikes', 'state', 'next check', 'uid'],
      ...body.map((monitor) => [
        monitor.domain,
        String(monitor.lookalikes_count),
        monitor.paused ? 'paused' : 'active',
        monitor.next_run_at ?? '-',
        monitor.uid,
      ]),
    ]),
  );
  return 0;
}
