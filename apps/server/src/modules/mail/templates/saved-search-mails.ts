import type { SavedSearchAlertPayload } from '@riskscan/contracts';
import { type MailContent, renderMail } from './mail-layout.ts';

/** Tells a saved search's owner that a new scan matches it. */
export function savedSearchMatchMail(payload: SavedSearchAlertPayload): MailContent {
  const { saved_search: search, scan } = payload;
  return renderMail(`New match for your saved search "${search.name}": ${scan.host}`, `New match for "${search.name}"`, [
    { paragraph: `A scan that just finished matches your saved search ${search.q}:` },
    {
      rows: [
        ['URL', scan.url],
        ['Risk', `${scan.level}, ${scan.overall_risk_score}/100`],
        ['Finished', scan.date],
      ],
    },
    { action: { label: 'Open the report', href: scan.report_url } },
  ]);
}
