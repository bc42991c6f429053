import { describe, expect, it } from 'vitest';
import { benignSplit } from '../../../../bench/verdict/corpus/corpus-split.ts';
import ranked from '../popularity/popular-domains.json' with { type: 'json' };
import trained from './url-model.json' with { type: 'json' };
import { readsAsOwnName, UrlModel, type UrlModelWeights } from './url-model.ts';
import { createVerdictEngine } from './verdict-engine.ts';

// Honest own names the own table never trained on: the shipped ranking's names past the first
// thousand (the corpus's `own-name-ranked`) that fall in the corpus's evaluation hash.
const heldOut = ranked.domains
  .split('\n')
  .slice(1000)
  .filter((domain) => benignSplit(domain) === 'eval')
  .filter((_, i) => i % 8 === 0);

// Throwaway hosts the way kits make them: letters drawn at random, digits, a cheap or common ending.
const kitShaped = (() => {
  let seed = 35;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed % n;
  };
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const endings = ['com', 'xyz', 'top', 'shop', 'online', 'net', 'cc', 'info'];
  return Array.from({ length: 300 }, () => {
    const name = Array.from({ length: 6 + next(6) }, () => letters[next(26)]).join('');
    return `${name}${next(3) === 0 ? next(1000) : ''}.${endings[next(endings.length)]}`;
  });
})();

// The model alone, without the popularity prior or an allowlist: what a stranger's name reads as.
const engine = createVerdictEngine({ popularity: null, reputation: null });
const scoreWith = (model: UrlModel) => (domain: string) => {
  const set = engine.features(`https://${domain}/`, { asStranger: true, withoutPopularity: true })!;
  return 100 * model.probability(set);
};
const shipped = new UrlModel(trained as UrlModelWeights);
const withoutTable = new UrlModel({ ...(trained as UrlModelWeights), ownGrams: undefined });
const flagged = (scores: number[]) => scores.filter((score) => score >= 60).length / scores.length;
const median = (scores: number[]) => [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;

describe("own domains' names (decision 517)", () => {
  it('ships an own-name table the size of the n-gram table', () => {
    expect(trained.ownGrams?.bits).toBe(trained.grams.bits);
    expect(Buffer.from(trained.ownGrams!.data, 'base64').byteLength).toBe(2 * 2 ** trained.grams.bits);
  });

  it('reads held-out honest own names with the table, and fewer of them as kits than without it', () => {
    expect(heldOut.length).toBeGreaterThan(500);
    const read = heldOut.filter((domain) => {
      const set = engine.features(`https://${domain}/`, { asStranger: true, withoutPopularity: true })!;
      return readsAsOwnName(set.facts, set.values);
    });
    expect(read.length / heldOut.length).toBeGreaterThan(0.8);
    const withTable = read.map(scoreWith(shipped));
    const without = read.map(scoreWith(withoutTable));
    expect(flagged(withTable)).toBeLessThan(0.85 * flagged(without));
    expect(median(withTable)).toBeLessThan(median(without));
  });

  it('still reads kit-shaped throwaway names as kits, far above honest own names', () => {
    const kits = kitShaped.map(scoreWith(shipped));
    const honest = heldOut.map(scoreWith(shipped));
    expect(median(kits)).toBeGreaterThan(median(honest) + 30);
    expect(flagged(kits)).toBeGreaterThan(5 * flagged(honest));
  });
});
