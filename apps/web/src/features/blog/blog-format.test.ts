import { describe, expect, it } from 'vitest';
import { formatPostDate, showsCategory } from './blog-format.ts';

describe('blog formats', () => {
  it('writes dates as MM/D/YYYY', () => {
    expect(formatPostDate('2024-03-07T10:00:00')).toBe('03/7/2024');
    expect(formatPostDate('2024-11-21T00:00:00')).toBe('11/21/2024');
    expect(formatPostDate('garbage')).toBe('');
  });
  it('hides the Uncategorized label', () => {
    expect(showsCategory('Uncategorized')).toBe(false);
    expect(showsCategory(undefined)).toBe(false);
    expect(showsCategory('News')).toBe(true);
  });
});
