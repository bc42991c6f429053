import { createVerdictEngine, type VerdictEngine } from '../verdict/index.ts';

let engine: VerdictEngine | null = null;

/**
 * The lookup's verdict engine, without reputation feeds, for scans whose caller brought no verdict
 * and for addresses a page points to (QR codes). Built on first use (a few seconds: the look-alike
 * index), then shared by every scan of the process.
 */
export function urlVerdictOf(url: string) {
  engine ??= createVerdictEngine();
  return engine.verdict(url);
}

/** Builds the engine ahead of the first scan, as a server does at start, so no scan pays for it. */
export function warmUrlVerdicts(): void {
  engine ??= createVerdictEngine();
}
