import { readFileSync } from 'node:fs';

/** Train or eval, by a stable hash of a brand's name (or a domain): about 70% train. */
export function splitOf(key: string): 'train' | 'eval' {
  let hash = 2_166_136_261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16_777_619) >>> 0;
  return hash % 10 < 7 ? 'train' : 'eval';
}

/** The URL corpus's benign split, by a hash of the registrable domain: 70% train, 15% validation, 15% evaluation. */
export function benignSplit(domain: string): 'train' | 'valid' | 'eval' {
  let hash = 2_166_136_261;
  for (let i = 0; i < domain.length; i++) hash = Math.imul(hash ^ domain.charCodeAt(i), 16_777_619) >>> 0;
  const bucket = hash % 20;
  return bucket < 14 ? 'train' : bucket < 17 ? 'valid' : 'eval';
}

/** The non-comment, non-empty lines of a text file. */
export function readLines(file: URL): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export type CorpusRow = { domain: string; label: 0 | 1; family: string; split: 'train' | 'eval' };

/** The development corpus as `npm run corpus:verdict` wrote it. */
export function readCorpus(): CorpusRow[] {
  const [, ...lines] = readFileSync(new URL('./dev-corpus.tsv', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  return lines.map((line) => {
    const [domain = '', label, family = '', split] = line.split('\t');
    return { domain, label: label === '1' ? 1 : 0, family, split: split === 'eval' ? 'eval' : 'train' };
  });
}
