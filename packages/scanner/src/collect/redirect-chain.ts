import type { Capture } from '@riskscan/contracts';
import type { Collected } from './collected.ts';

/**
 * The report's `redirect_chain`: every address from the requested one to the final page. When
 * the browser got anywhere its chain is the one a visitor goes through, client-side redirects
 * included (scripts the static fetch cannot follow); otherwise the static fetch's chain.
 */
export function redirectChain(collected: Collected, capture: Capture | undefined): string[] {
  if (capture && (capture.final_url !== null || capture.redirects.length > 0)) {
    const chain = [collected.requestedUrl, ...capture.redirects.map((step) => step.to)];
    // A page may change its address without a navigation (history API); the chain still ends where the report says.
    return capture.final_url === null || chain.at(-1) === capture.final_url ? chain : [...chain, capture.final_url];
  }
  return [collected.requestedUrl, ...collected.redirects.map((step) => step.to)];
}
