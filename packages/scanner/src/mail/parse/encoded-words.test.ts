import { describe, expect, it } from 'vitest';
import { decodeEncodedWords } from './encoded-words.ts';

describe('decodeEncodedWords', () => {
  it('decodes B and Q words, joins adjacent ones and keeps plain text around them', () => {
    expect(decodeEncodedWords('=?utf-8?B?SGVsbG8=?= =?utf-8?Q?_w=C3=B6rld?= today')).toBe('Hello wörld today');
    expect(decodeEncodedWords('Re: =?ISO-8859-1?Q?caf=E9?= bill')).toBe('Re: café bill');
    expect(decodeEncodedWords('plain subject')).toBe('plain subject');
  });

  it('joins a character split across two words before decoding it', () => {
    // "é" is C3 A9 in UTF-8: one byte in each word.
    expect(decodeEncodedWords('=?utf-8?B?w6==?=\r\n =?utf-8?Q?=A9?=')).toBe('é');
  });

  it('decodes 100,000 words in one pass', () => {
    const subject = Array.from({ length: 100_000 }, () => '=?utf-8?B?YWJj?=').join(' ');
    const text = decodeEncodedWords(subject);
    expect(text.length).toBe(300_000);
    expect(text.startsWith('abcabc')).toBe(true);
  });
});
