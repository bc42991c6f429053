import { pageHtml, type Collected } from '../collect/collected.ts';
import type { PageFacts } from '../page/page-facts.ts';
import type { WebtechEvidence } from './webtech.ts';

/** `Set-Cookie` values arrive joined by `, `; a comma followed by `name=` starts the next cookie (dates have no `=`). */
export function parseSetCookie(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const cookie of (header ?? '').split(/,(?=\s*[^;,=\s]+=)/)) {
    const pair = cookie.split(';', 1)[0] ?? '';
    const separator = pair.indexOf('=');
    if (separator > 0) cookies[pair.slice(0, separator).trim().toLowerCase()] = pair.slice(separator + 1).trim();
  }
  return cookies;
}

/** Gathers what the fingerprints compare against from the collected page (rendered when the browser ran). */
export function webtechEvidence(collected: Collected, page: PageFacts | null): WebtechEvidence {
  const headers = collected.response?.headers ?? {};
  const scriptUrls = [
    ...(page?.scripts ?? []).flatMap((script) => script.src ?? []),
    ...(collected.rendered?.requests ?? []).filter((request) => request.resourceType === 'script').map((request) => request.url),
  ];
  return {
    url: collected.rendered?.finalUrl ?? collected.finalUrl,
    headers,
    cookies: parseSetCookie(headers['set-cookie']),
    html: pageHtml(collected) ?? '',
    scriptUrls: [...new Set(scriptUrls)],
    inlineScripts: (page?.scripts ?? []).map((script) => script.inline).filter((code) => code.trim() !== ''),
    meta: page?.meta ?? {},
    globals: collected.rendered?.globals ?? {},
  };
}
