// Tasks the runner's tests hand to workers: each breaks (or keeps) one limit.
import type { MessagePort } from 'node:worker_threads';

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
  // A megabyte at a time: small objects near the limit send V8 into collection after collection,
  // which on a loaded machine outlasted the time limit before the memory limit was met.
  const kept: string[] = [];
  for (;;) kept.push(`${kept.length}`.padEnd(1024 * 1024, 'x'));
}

export function spin(): never {
  for (;;);
}

/** Waits without using the CPU, then answers how long it waited. */
export async function nap(input: { ms: number }): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, input.ms));
  return input.ms;
}

/** Never answers, and uses no CPU while it waits. */
export function stall(): Promise<never> {
  return new Promise(() => {});
}

export function flood(input: { megabytes: number }): string {
  return 'x'.repeat(input.megabytes * 1024 * 1024);
}

export function refuse(): never {
  const error = new Error('This is not what was expected.');
  error.name = 'RefusedInputError';
  throw error;
}

/** Doubles each number the caller sends until it sends 0, then answers how many it doubled. */
export function doubler(_input: unknown, port: MessagePort): Promise<number> {
  let doubled = 0;
  return new Promise((resolve) =>
    port.on('message', (value: number) => {
      if (value === 0) return resolve(doubled);
      doubled++;
      port.postMessage(value * 2);
    }),
  );
}
