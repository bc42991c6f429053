import { describe, expect, it } from 'vitest';
import { NameFilter } from './name-filter.ts';

describe('NameFilter', () => {
  it('holds every name it was given, and few it was not', () => {
    const names = Array.from({ length: 50_000 }, (_, i) => `host-${i}.example`);
    const filter = new NameFilter(names.length);
    for (const name of names) filter.add(name);
    expect(names.every((name) => filter.mayHold(name))).toBe(true);
    const others = Array.from({ length: 50_000 }, (_, i) => `other-${i}.example`);
    // 32 bits a name: about 3% of names never added answer true.
    expect(others.filter((name) => filter.mayHold(name)).length).toBeLessThan(others.length * 0.05);
    expect(filter.crowded).toBe(false);
  });

  it('says when it holds too many names for its table', () => {
    const filter = new NameFilter(10);
    for (let i = 0; i < 4096; i++) filter.add(`n${i}`);
    expect(filter.crowded).toBe(false);
    filter.add('one-more');
    expect(filter.crowded).toBe(true);
  });
});
