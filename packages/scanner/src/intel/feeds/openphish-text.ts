import type { FeedEntry } from '../indicator.ts';
import { urlIndicator } from '../indicator.ts';

/** Parses the OpenPhish feed: one phishing URL per line. */
export function parseOpenPhishText(text: string): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const indicator = urlIndicator(line);
    if (indicator) entries.push({ ...indicator, threat: 'phishing', firstSeen: null, reference: null });
  }
  return entries;
}
