import { z } from 'zod';

/**
 * The TAXII 2.1 resources riskscan's read-only server answers (TAXII 2.1 OS §3.6.1, §4.1.1,
 * §4.2.1, §5.1.1, §5.2.1, §5.3.1, §5.7.1) and the STIX 2.1 indicator it publishes, for the
 * routes' serialisation and the OpenAPI document.
 */
export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';

const timestamp = z.string().meta({ description: 'RFC 3339 timestamp in UTC, e.g. 2026-11-01T10:00:00.000Z' });

export const taxiiErrorSchema = z.object({ title: z.string(), description: z.string().optional(), http_status: z.string().optional() });

export const taxiiDiscoverySchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  default: z.string().optional(),
  api_roots: z.array(z.string()).optional(),
});

export const taxiiApiRootSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  versions: z.array(z.string()),
  max_content_length: z.number().int(),
});

export const taxiiCollectionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().optional(),
  can_read: z.boolean(),
  can_write: z.boolean(),
  media_types: z.array(z.string()),
});
export const taxiiCollectionsSchema = z.object({ collections: z.array(taxiiCollectionSchema).optional() });

export const stixIndicatorSchema = z.object({
  type: z.literal('indicator'),
  spec_version: z.literal('2.1'),
  id: z.string().regex(/^indicator--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
  created: timestamp,
  modified: timestamp,
  name: z.string(),
  description: z.string(),
  indicator_types: z.array(z.string()),
  pattern: z.string(),
  pattern_type: z.literal('stix'),
  pattern_version: z.literal('2.1'),
  valid_from: timestamp,
  valid_until: timestamp,
  confidence: z.number().int().min(0).max(100),
  labels: z.array(z.string()),
  /** We withdrew the indicator (a clean rescan or a reviewed report showed it wrong). */
  revoked: z.boolean().optional(),
});
export type StixIndicator = z.infer<typeof stixIndicatorSchema>;

export const taxiiEnvelopeSchema = z.object({
  more: z.boolean(),
  next: z.string().optional(),
  objects: z.array(stixIndicatorSchema).optional(),
});

export const taxiiManifestSchema = z.object({
  more: z.boolean(),
  next: z.string().optional(),
  objects: z.array(z.object({ id: z.string(), date_added: timestamp, version: timestamp, media_type: z.string() })).optional(),
});

export const taxiiVersionsSchema = z.object({ more: z.boolean(), versions: z.array(timestamp).optional() });

export const taxiiCollectionParamsSchema = z.object({ id: z.string() });
export const taxiiObjectParamsSchema = z.object({ id: z.string(), object_id: z.string() });

/** Filters of the objects, manifest, object and versions endpoints (TAXII 2.1 §3.4). */
export const taxiiFilterQuerySchema = z.object({
  added_after: timestamp.optional(),
  limit: z.string().optional().meta({ description: 'Most objects in one page (1 to 1000).' }),
  next: z.string().optional().meta({ description: 'The `next` of the previous page.' }),
  'match[id]': z.string().optional().meta({ description: 'Comma-separated object ids.' }),
  'match[type]': z.string().optional().meta({ description: 'Comma-separated object types (only `indicator` is published).' }),
  'match[version]': z
    .string()
    .optional()
    .meta({ description: '`last` (default), `first`, `all` or comma-separated timestamps of `modified`.' }),
  'match[spec_version]': z.string().optional().meta({ description: 'Comma-separated STIX versions (only `2.1` is published).' }),
});
export type TaxiiFilterQuery = z.infer<typeof taxiiFilterQuerySchema>;
