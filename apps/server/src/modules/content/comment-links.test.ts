import { describe, expect, it } from 'vitest';
import { extractLinks } from './comment-links.ts';

describe('extractLinks', () => {
  it('finds full URLs, www addresses and bare domains, without trailing punctuation', () => {
    expect(extractLinks('See https://a.example/x?y=1, www.b.example and claim-prize.top/now.')).toEqual([
      'https://a.example/x?y=1',
      'www.b.example',
      'claim-prize.top/now',
    ]);
  });

  it('ignores file names and abbreviations that only look like domains', () => {
    expect(extractLinks('I use Node.js and read the README.md, e.g. chapter 2.')).toEqual([]);
  });

  it('finds nothing in plain text', () => {
    expect(extractLinks('Thanks, very helpful article!')).toEqual([]);
  });
});
