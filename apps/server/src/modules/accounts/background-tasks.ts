import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer was sent, one task at a time in the order asked: what a request
 * must not be timed by (mail to an address that may or may not have an account). A failure is
 * logged; the next task still runs.
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves when every task asked so far has ended (on close, and for tests). */
  idle(): Promise<void>;
};

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  let tail = Promise.resolve();
  return {
    run(name, task) {
      tail = tail.then(task).catch((err: unknown) => log.error({ err }, `${name} failed`));
    },
    idle: () => tail,
  };
}
