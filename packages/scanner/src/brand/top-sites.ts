import topSites from './data/top-sites.json' with { type: 'json' };

/**
 * Registrable domains of the most-linked sites, generated once from the `top-sites` package
 * (whose install script downloads at install time, so we keep the list instead of the package).
 */
export const TOP_SITES: readonly string[] = topSites;
