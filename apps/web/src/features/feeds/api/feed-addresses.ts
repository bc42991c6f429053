import { mispManifestSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getRuntimeConfig } from '@/lib/runtime-config.ts';
import { sessionRequest } from '@/lib/session-request.ts';

export type FeedAddresses = { taxiiDiscovery: string; taxiiCollections: string; mispFeed: string };

/** Where a TAXII client and MISP subscribe: absolute, on the host that serves the product API. */
export async function feedAddresses(origin: string = window.location.origin): Promise<FeedAddresses> {
  const api = new URL(`${(await getRuntimeConfig()).apiBaseUrl.replace(/\/$/, '')}/`, origin);
  return {
    taxiiDiscovery: new URL('/taxii2/', api).href,
    taxiiCollections: new URL('/taxii2/riskscan/collections/', api).href,
    mispFeed: new URL('misp/feed/', api).href,
  };
}

export const feedAddressesQuery = queryOptions({ queryKey: ['feeds', 'addresses'], queryFn: () => feedAddresses(), staleTime: Infinity });

/** How many events the member's MISP feed publishes now (its manifest). */
export const publishedEventsQuery = queryOptions({
  queryKey: ['feeds', 'misp-manifest'],
  queryFn: async () => Object.keys(mispManifestSchema.parse(await sessionRequest('api', '/misp/feed/manifest.json'))).length,
});
