import type { TriageEmailResponse } from '@riskscan/contracts';

type TriagedLink = TriageEmailResponse['urls'][number];

/**
 * One row per address: a message names most links in its text and its HTML part alike, and two
 * rows with one verdict read as two links. The row keeps every place it was found and the
 * misleading text if any place showed one.
 */
export function linkRows(urls: readonly TriagedLink[]) {
  const rows = new Map<string, { link: TriagedLink; sources: TriagedLink['source'][] }>();
  for (const link of urls) {
    const row = rows.get(link.url);
    if (!row) rows.set(link.url, { link, sources: [link.source] });
    else {
      if (!row.sources.includes(link.source)) row.sources.push(link.source);
      if (link.mismatch && !row.link.mismatch) row.link = link;
    }
  }
  return [...rows.values()];
}
