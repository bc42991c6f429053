import { describe, expect, it } from 'vitest';
import { pageRange } from './page-range.ts';

describe('pageRange', () => {
  it('lists every page when there are few', () => {
    expect(pageRange(1, 4)).toEqual([1, 2, 3, 4]);
  });
  it('keeps two pages either side of the current one, the first and the last', () => {
    expect(pageRange(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageRange(1, 12)).toEqual([1, 2, 3, 'gap', 12]);
  });
  it('is empty without pages', () => {
    expect(pageRange(1, 0)).toEqual([]);
  });
});
