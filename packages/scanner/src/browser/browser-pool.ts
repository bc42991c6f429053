import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-path.ts';
import { Semaphore } from './semaphore.ts';

export interface BrowserPoolOptions {
  executablePath: string;
  /** How many scans may hold a browser context at once. */
  size: number;
  launchTimeoutMs?: number;
  /** How long closing a context may take before the browser is taken for hung and killed. */
  closeTimeoutMs?: number;
  log?: (message: string) => void;
}

/** Thrown when work did not finish by its deadline; the context (or the browser) was torn down. */
export class BrowserDeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserDeadlineError';
  }
}

export interface BrowserPool {
  /**
   * Runs `work` in a fresh context (no profile, nothing shared with other scans) and closes it.
   * Past `deadlineMs` the context is closed under the work, and when even that hangs the browser
   * is killed and replaced on the next call. `work` receives an abort signal that fires then.
   */
  withContext<T>(
    options: BrowserContextOptions,
    deadlineMs: number,
    work: (context: BrowserContext, signal: AbortSignal) => Promise<T>,
  ): Promise<T>;
  /** The browser process id, while one runs (tests simulate hangs with it). */
  pid(): number | null;
  /** How many browsers this pool launched so far. */
  launches(): number;
  close(): Promise<void>;
}

interface Running {
  server: BrowserServer;
  browser: Browser;
}

const TIMED_OUT = Symbol('timed out');

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/** One Chromium, launched lazily and replaced when it crashes or hangs, shared by up to `size` scan contexts. */
export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const slots = new Semaphore(options.size);
  const log = options.log ?? (() => {});
  const closeTimeoutMs = options.closeTimeoutMs ?? 5_000;
  let running: Promise<Running> | null = null;
  let launchCount = 0;
  let current: Running | null = null;

  async function launch(): Promise<Running> {
    launchCount += 1;
    // Chromium keeps scratch folders (org.chromium.Chromium.*) in its TMPDIR and leaves them when it
    // is killed, as a hung or crashed browser is: each browser gets a folder of its own, removed
    // when its process ends, however it ends.
    const scratch = await mkdtemp(path.join(tmpdir(), 'riskscan-chromium-'));
    const removeScratch = () => rm(scratch, { recursive: true, force: true }).catch(() => {});
    // Loaded with the first browser: a process that never renders a page (an API process on
    // BullMQ, a CLI, most test files) does not pay the third of a second Playwright takes to load.
    const { chromium } = await import('playwright-core');
    // The sandbox needs an unprivileged user; as root Chromium refuses to start with it.
    const server = await chromium
      .launchServer({
        executablePath: options.executablePath,
        headless: true,
        chromiumSandbox: process.getuid?.() !== 0,
        args: [...CHROMIUM_ARGS],
        timeout: options.launchTimeoutMs ?? 30_000,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        env: { ...process.env, TMPDIR: scratch },
      })
      .catch(async (error: unknown) => {
        await removeScratch();
        throw error;
      });
    server.process().once('exit', () => void removeScratch());
    const browser = await chromium.connect(server.wsEndpoint(), { timeout: options.launchTimeoutMs ?? 30_000 });
    const entry = { server, browser };
    browser.on('disconnected', () => {
      if (current === entry) {
        log('Chromium went away; the next scan starts a new one');
        forget(entry);
      }
    });
    current = entry;
    return entry;
  }

  function forget(entry: Running) {
    if (current !== entry) return;
    current = null;
    running = null;
  }

  async function kill(entry: Running) {
    forget(entry);
    log('Chromium stopped answering; killing it');
    await entry.server.kill().catch(() => {});
  }

  function acquireBrowser(): Promise<Running> {
    running ??= launch().catch((error: unknown) => {
      running = null;
      throw error;
    });
    return running;
  }

  return {
    async withContext(contextOptions, deadlineMs, work) {
      const release = await slots.acquire();
      const abort = new AbortController();
      let entry: Running | null = null;
      let context: BrowserContext | null = null;
      const timer = setTimeout(() => abort.abort(), deadlineMs);
      try {
        const run = (async () => {
          entry = await acquireBrowser();
          context = await entry.browser.newContext(contextOptions);
          return work(context, abort.signal);
        })();
        run.catch(() => {});
        const aborted = new Promise<typeof TIMED_OUT>((resolve) => abort.signal.addEventListener('abort', () => resolve(TIMED_OUT)));
        const outcome = await Promise.race([run, aborted]);
        if (outcome === TIMED_OUT) throw new BrowserDeadlineError(`The browser did not finish within ${deadlineMs} ms`);
        return outcome;
      } finally {
        clearTimeout(timer);
        abort.abort();
        const opened = context as BrowserContext | null;
        const used = entry as Running | null;
        if (opened && used) {
          const closed = await withTimeout(
            opened.close().catch(() => {}),
            closeTimeoutMs,
          );
          if (closed === TIMED_OUT) await kill(used);
        } else if (used) {
          // No context by the deadline: the browser is not answering.
          await kill(used);
        } else {
          // Still launching: let the next scan start afresh rather than wait on this launch.
          running = null;
        }
        release();
      }
    },
    pid: () => current?.server.process().pid ?? null,
    launches: () => launchCount,
    async close() {
      const entry = current;
      running = null;
      current = null;
      if (!entry) return;
      const closed = await withTimeout(
        entry.browser.close().catch(() => {}),
        closeTimeoutMs,
      );
      if (closed === TIMED_OUT) await entry.server.kill().catch(() => {});
      await entry.server.close().catch(() => {});
    },
  };
}
