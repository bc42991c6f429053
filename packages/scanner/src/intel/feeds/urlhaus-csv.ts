import type { FeedEntry, ThreatType } from '../indicator.ts';
import { urlIndicator } from '../indicator.ts';
import { csvRows } from './csv-rows.ts';

// URLhaus dump columns: id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
const DATE_ADDED = 1;
const URL_COLUMN = 2;
const THREAT = 5;
const LINK = 7;

function threatOf(value: string | undefined): ThreatType {
  return value === 'malware_download' ? 'malware' : 'malicious';
}

/** Parses an abuse.ch URLhaus CSV dump (`csv_recent` or `csv_online`). */
export function parseUrlhausCsv(text: string): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const row of csvRows(text)) {
    const indicator = urlIndicator(row[URL_COLUMN] ?? '');
    if (!indicator) continue;
    const added = row[DATE_ADDED] ? new Date(`${row[DATE_ADDED].replace(' ', 'T')}Z`) : null;
    entries.push({
      ...indicator,
      threat: threatOf(row[THREAT]),
      firstSeen: added && !Number.isNaN(added.getTime()) ? added : null,
      reference: row[LINK] || null,
    });
  }
  return entries;
}
