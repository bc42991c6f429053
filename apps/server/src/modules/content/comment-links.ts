/**
 * Finds what a reader could open from a comment: full URLs, `www.` addresses and bare domains
 * such as `claim-prize.top/now`, which scam comments favour because they slip past link filters.
 */
const LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?::\d{1,5})?(?:\/[^\s<>"']*)?)/gi;

/** File names and abbreviations that look like domains but are not links. */
const NOT_A_DOMAIN = /\.(js|ts|json|md|txt|png|jpg|jpeg|gif|svg|pdf|html?|css|exe|dll|e\.g|i\.e)$/i;

export function extractLinks(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(LINK)) {
    const link = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (!link.includes('://') && NOT_A_DOMAIN.test(link.split('/')[0] ?? link)) continue;
    found.add(link);
  }
  return [...found];
}
