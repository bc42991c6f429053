import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FEED_FORMATS, type FeedFormat, THREAT_TYPES, type ThreatType } from '@riskscan/scanner';
import { openCliContext } from './cli-database.ts';
import type { CliIo } from './cli-io.ts';

const USAGE = `Usage: npm run reputation:import -- --source <name> --format <${FEED_FORMATS.join('|')}> [--threat <${THREAT_TYPES.join('|')}>] <file>\n`;

/** `npm run reputation:import`: imports one feed file into the reputation store. */
export async function reputationImportCommand(io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: io.args,
    options: { source: { type: 'string' }, format: { type: 'string' }, threat: { type: 'string' } },
    allowPositionals: true,
  });
  const format = values.format as FeedFormat | undefined;
  const threat = values.threat as ThreatType | undefined;
  const [file] = positionals;
  const validSource = values.source !== undefined && /^[a-z0-9][a-z0-9_-]*$/i.test(values.source);
  if (!file || !validSource || !format || !FEED_FORMATS.includes(format) || (threat !== undefined && !THREAT_TYPES.includes(threat))) {
    io.stderr.write(USAGE);
    return 2;
  }
  const text = await readFile(file, 'utf8');
  const context = await openCliContext(io.env);
  try {
    const result = await context.store.importFeed({ source: values.source as string, format, text, threat, origin: path.resolve(file) });
    io.stdout.write(`Imported ${result.entries} entries from ${file} as ${result.source}; ${result.indicators} indicators are active.\n`);
    return 0;
  } finally {
    await context.close();
  }
}
