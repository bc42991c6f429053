// Tasks the runner's tests hand to workers: each breaks (or keeps) one limit.

export function echo(input: { text: string }): { text: string; bytes: Uint8Array } {
  return { text: input.text.toUpperCase(), bytes: new Uint8Array([1, 2, 3]) };
}

/** Which thread ran it: a kept thread answers again with the same id. */
export async function whoami(): Promise<number> {
  return (await import('node:worker_threads')).threadId;
}

const swollen: number[][] = [];
/** Leaves the thread's heap swollen past what a kept thread may hold, as a large input parsed would. */
export async function swell(input: { megabytes: number }): Promise<number> {
  // 128 Ki numbers of 8 bytes: 1 MB a row.
  for (let i = 0; i < input.megabytes; i++) swollen.push(new Array<number>(128 * 1024).fill(i + 0.5));
  return (await import('node:worker_threads')).threadId;
}

export function hoard(): never {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => `entry ${i} ${kept.length}`));
}

export function spin(): never {
  for (;;);
}

export function flood(input: { megabytes: number }): string {
  return 'x'.repeat(input.megabytes * 1024 * 1024);
}

export function refuse(): never {
  const error = new Error('This is not what was expected.');
  error.name = 'RefusedInputError';
  throw error;
}
