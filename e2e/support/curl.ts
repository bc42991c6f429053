import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type CurlAnswer = { status: number; body: unknown };
export type CurlOptions = { method?: string; headers?: Record<string, string>; json?: unknown };

/** Calls the API with the real curl binary, as an API user's script would, and parses the JSON answer. */
export async function curl(url: string, { method, headers = {}, json }: CurlOptions = {}): Promise<CurlAnswer> {
  const args = ['--silent', '--show-error', '--noproxy', '*', '--write-out', '\n%{http_code}'];
  if (method) args.push('--request', method);
  for (const [name, value] of Object.entries(headers)) args.push('--header', `${name}: ${value}`);
  if (json !== undefined) args.push('--header', 'Content-Type: application/json', '--data', JSON.stringify(json));
  const { stdout } = await run('curl', [...args, url]);
  const statusAt = stdout.lastIndexOf('\n');
  const text = stdout.slice(0, statusAt);
  return { status: Number(stdout.slice(statusAt + 1)), body: text ? (JSON.parse(text) as unknown) : null };
}
