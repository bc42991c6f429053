#!/usr/bin/env node
import { runCli } from './cli-main.ts';

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

process.exitCode = await runCli(
  process.argv.slice(2),
  {
    stdin: readStdin,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    progress: process.stderr.isTTY === true,
  },
  process.env,
);
