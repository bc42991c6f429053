import { parseArgs } from 'node:util';
import { DomainInputError, generateLookalikes } from './generate-lookalikes.ts';

/** `npm run typosquat -- <domain> [--json]`: the look-alike domains of one domain. */
function main(): number {
  const { values, positionals } = parseArgs({ options: { json: { type: 'boolean', default: false } }, allowPositionals: true });
  const [domain] = positionals;
  if (!domain || positionals.length > 1) {
    process.stderr.write('Usage: npm run typosquat -- <domain> [--json]\n');
    return 2;
  }
  try {
    const lookalikes = generateLookalikes(domain);
    if (values.json) process.stdout.write(`${JSON.stringify(lookalikes)}\n`);
    else {
      const width = Math.max(...lookalikes.map((item) => item.fuzzer.length));
      for (const item of lookalikes) process.stdout.write(`${item.fuzzer.padEnd(width)}  ${item.domain}\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof DomainInputError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
}

process.exitCode = main();
