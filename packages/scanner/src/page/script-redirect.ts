import type { PageScript } from './page-facts.ts';

/**
 * `location = '...'`, `location.href = "..."`, `location.replace('...')`, `location.assign(...)`,
 * on `window`, `document`, `self` or `top`, with a string literal target: what redirector kits emit.
 * The literal must be the whole target: `'/' + path` is computed at run time, only the browser knows it.
 */
const SCRIPT_REDIRECT =
  /(?:(?:window|document|self|top)\s*\.\s*)?location(?:\s*\.\s*href)?\s*(?:=\s*|\.\s*(?:replace|assign)\s*\(\s*)(["'`])([^"'`\s]+)\1(?=\s*(?:[;)},]|$))/m;

/** The target of a simple script redirect in the page's inline scripts, resolved against `baseUrl`. */
export function findScriptRedirect(scripts: readonly PageScript[], baseUrl: string): string | null {
  for (const script of scripts) {
    const match = SCRIPT_REDIRECT.exec(script.inline);
    const target = match?.[2];
    if (target && URL.canParse(target, baseUrl)) return new URL(target, baseUrl).href;
  }
  return null;
}
