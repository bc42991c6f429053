import { readFileSync } from 'node:fs';
import { createVerdictEngine, holdsEnding, readsAsOwnName, type UrlFeatureSet } from '@riskscan/scanner';

export type UrlRow = { url: string; label: 0 | 1; family: string; source: string; split: 'train' | 'valid' | 'eval' };

/** The URL corpus as `npm run corpus:verdict` wrote it. */
export function readUrlCorpus(): UrlRow[] {
  const [, ...lines] = readFileSync(new URL('./corpus/url-corpus.tsv', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  return lines.map((line) => {
    const [url = '', label, family = '', source = '', split = 'train'] = line.split('\t');
    return { url, label: label === '1' ? 1 : 0, family, source, split: split as UrlRow['split'] };
  });
}

/** A URL's features as training sees them, copied out of the engine's reused buffers. */
export type Example = {
  dense: Float64Array;
  host: Int32Array;
  hostScale: number;
  /** Where the host's ending's n-grams start when the engine holds them at `ENDING_SAY`; else the host's length. */
  hostEnding: number;
  path: Int32Array;
  pathScale: number;
  /** Whether the engine reads the host with the own-name table (`readsAsOwnName`, decision 517). */
  ownName: boolean;
  y: 0 | 1;
  /** Sample weight (weighting the pattern rows up, tried at 3, lost more real phishing than it won). */
  weight: number;
};

const engine = createVerdictEngine();

/**
 * Benign URLs are judged "as strangers": as if nobody owned the domain (no allowlist, no protected
 * domain, only its own brand excluded), so the model learns what an unknown honest site looks like.
 */
export function exampleOf(row: UrlRow): Example | null {
  // Own names taken from the popularity prior are read without it: their names, not their ranks, teach.
  const withoutPopularity = row.family.startsWith('own-name-');
  const set: UrlFeatureSet | null = engine.features(row.url, { asStranger: row.label === 0, withoutPopularity });
  if (!set) return null;
  return {
    dense: Float64Array.from(set.values),
    host: set.host.indices.slice(0, set.host.count),
    hostScale: set.host.scale,
    hostEnding: holdsEnding(set.host, set.facts, set.values) ? set.host.ending : set.host.count,
    path: set.path.indices.slice(0, set.path.count),
    pathScale: set.path.scale,
    ownName: readsAsOwnName(set.facts, set.values),
    y: row.label,
    weight: 1,
  };
}
