import shipped from './popular-domains.json' with { type: 'json' };
import { PopularityIndex } from './popularity-index.ts';

export { PopularityIndex, type PopularityBucket, type PopularitySnapshot, type PopularitySource } from './popularity-index.ts';

let shared: PopularityIndex | null = null;

/**
 * The ranking shipped with the verdict (`popular-domains.json`, rebuilt by
 * `npm run popularity:verdict`), loaded once per process. A server with network replaces it with
 * a newer list through its refresh job; the offline verdict always has this one.
 */
export function defaultPopularityIndex(): PopularityIndex {
  shared ??= new PopularityIndex(shipped.domains.split('\n'), {
    list: shipped.list,
    date: shipped.date,
    licence: shipped.licence,
    url: shipped.url,
  });
  return shared;
}
