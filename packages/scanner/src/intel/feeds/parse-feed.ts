import type { FeedEntry, ThreatType } from '../indicator.ts';
import { parseOpenPhishText } from './openphish-text.ts';
import { parsePhishTankJson } from './phishtank-json.ts';
import { parsePlainList } from './plain-list.ts';
import { parseUrlhausCsv } from './urlhaus-csv.ts';

export const FEED_FORMATS = ['urlhaus-csv', 'openphish-text', 'phishtank-json', 'plain-list'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Parses a feed document of the given format; `threat` labels plain lists, which carry none. */
export function parseFeed(format: FeedFormat, text: string, threat: ThreatType = 'malicious'): FeedEntry[] {
  switch (format) {
    case 'urlhaus-csv':
      return parseUrlhausCsv(text);
    case 'openphish-text':
      return parseOpenPhishText(text);
    case 'phishtank-json':
      return parsePhishTankJson(text);
    case 'plain-list':
      return parsePlainList(text, threat);
  }
}
