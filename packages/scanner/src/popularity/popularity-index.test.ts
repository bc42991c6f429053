import { describe, expect, it } from 'vitest';
import { defaultPopularityIndex, PopularityIndex } from './index.ts';

describe('popularity index', () => {
  it('puts registrable domains in rank buckets and leaves the rest unranked', () => {
    const ranked = Array.from({ length: 12_000 }, (_, i) => `site${i}-rank.org`);
    const index = new PopularityIndex(['www.first-site.com', ...ranked], { list: 't', date: 'd', licence: 'l', url: '' });
    expect(index.bucketOf('first-site.com')).toBe(1);
    expect(index.bucketOf('site998-rank.org')).toBe(1);
    expect(index.bucketOf('site999-rank.org')).toBe(2);
    expect(index.bucketOf('site11998-rank.org')).toBe(3);
    expect(index.bucketOf('never-ranked.com')).toBe(0);
    expect(index.bucketOf(null)).toBe(0);
  });

  it('never ranks a platform suffix, so tenants do not inherit it', () => {
    const index = new PopularityIndex(['github.io', 'blogspot.com', 'plain.com'], { list: 't', date: 'd', licence: 'l', url: '' });
    expect(index.size).toBe(1);
    expect(index.bucketOf('someone.github.io')).toBe(0);
  });

  it('reads Tranco and Majestic CSV files with their header lines', () => {
    const tranco = PopularityIndex.parse('# list: Tranco TEST1\n# date: 2026-01-01\n1,alpha.com\n2,beta.org\n');
    expect(tranco.source.list).toBe('Tranco TEST1');
    expect(tranco.bucketOf('beta.org')).toBe(1);
    const majestic = PopularityIndex.parse('GlobalRank,TldRank,Domain,TLD\n1,1,gamma.com,com\n2,2,delta.net,net\n');
    expect(majestic.bucketOf('delta.net')).toBe(1);
    expect(majestic.bucketOf('com')).toBe(0);
  });

  it('ships a ranking that knows the big sites and regional banks, and names its source', () => {
    const index = defaultPopularityIndex();
    expect(index.size).toBeGreaterThan(50_000);
    expect(index.bucketOf('wikipedia.org')).toBe(1);
    // A national bank's decades-old domain past the top ten thousand (issue 35's set A).
    expect(index.bucketOf('isbank.com.tr')).toBe(3);
    expect(index.source.list).toMatch(/Tranco/);
  });
});
