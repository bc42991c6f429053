import { z } from 'zod';

/**
 * A MISP feed as MISP reads one (MISP's feed format, as PyMISP's `to_feed` writes it): a
 * `manifest.json` mapping each event's uuid to its summary, one `{uuid}.json` per event, and
 * `hashes.csv` (md5 of each attribute value, event uuid) for MISP's feed correlation.
 */
const orgSchema = z.object({ name: z.string(), uuid: z.uuid() });
const tagSchema = z.object({ name: z.string(), colour: z.string() });

export const mispManifestEntrySchema = z.object({
  Orgc: orgSchema,
  Tag: z.array(tagSchema),
  info: z.string(),
  date: z.string().meta({ description: 'YYYY-MM-DD' }),
  analysis: z.number().int().meta({ description: '0 initial, 1 ongoing, 2 complete' }),
  threat_level_id: z.number().int().meta({ description: '1 high, 2 medium, 3 low, 4 undefined' }),
  timestamp: z.number().int().meta({ description: 'Unix seconds of the last change: MISP fetches the event again when it moves' }),
});
export const mispManifestSchema = z.record(z.string(), mispManifestEntrySchema);
export type MispManifest = z.infer<typeof mispManifestSchema>;

export const mispAttributeSchema = z.object({
  uuid: z.uuid(),
  type: z.enum(['url', 'domain']),
  category: z.literal('Network activity'),
  value: z.string(),
  to_ids: z.boolean(),
  comment: z.string(),
  timestamp: z.string(),
  first_seen: z.string(),
  last_seen: z.string(),
});

export const mispEventSchema = z.object({
  Event: z.object({
    uuid: z.uuid(),
    info: z.string(),
    date: z.string(),
    analysis: z.string(),
    threat_level_id: z.string(),
    timestamp: z.string(),
    publish_timestamp: z.string(),
    published: z.boolean(),
    Orgc: orgSchema,
    Tag: z.array(tagSchema),
    Attribute: z.array(mispAttributeSchema),
  }),
});
export type MispEvent = z.infer<typeof mispEventSchema>;
