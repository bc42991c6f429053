// Tasks the runner's tests hand to workers: each breaks (or keeps) one limit.

export function echo(input: { text: string }): { text: string; bytes: Uint8Array } {
  return { text: input.text.toUpperCase(), bytes: new Uint8Array([1, 2, 3]) };
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
