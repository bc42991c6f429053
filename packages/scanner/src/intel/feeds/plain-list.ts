import type { FeedEntry, ThreatType } from '../indicator.ts';
import { lineIndicator } from '../indicator.ts';

/**
 * Parses a plain list: one URL, host or domain per line; `#` starts a comment. Hosts-file lines
 * (`0.0.0.0 evil.example`) keep their name.
 */
export function parsePlainList(text: string, threat: ThreatType): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    if (line === '') continue;
    const hostsFile = /^(?:0\.0\.0\.0|127\.0\.0\.1)\s+(\S+)$/.exec(line);
    const indicator = lineIndicator(hostsFile?.[1] ?? line);
    if (indicator) entries.push({ ...indicator, threat, firstSeen: null, reference: null });
  }
  return entries;
}
