import { describe, expect, it } from 'vitest';
import { contactedDomainsCsv, csvTable, reverseIpDomainsCsv, singleColumnCsv, websiteLinksCsv } from './list-csv.ts';

describe('list CSVs', () => {
  it('writes a header and one row per value with CRLF line ends', () => {
    expect(websiteLinksCsv(['https://a.example/', 'https://b.example/x'])).toBe('URL\r\nhttps://a.example/\r\nhttps://b.example/x\r\n');
    expect(reverseIpDomainsCsv(['a.example', 'b.example'])).toBe('Domain\r\na.example\r\nb.example\r\n');
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(singleColumnCsv('URL', ['https://a.example/?q=1,2', 'say "hi"', '=HYPERLINK("x")', 'line\nbreak'])).toBe(
      'URL\r\n"https://a.example/?q=1,2"\r\n"say ""hi"""\r\n"\'=HYPERLINK(""x"")"\r\n"line\nbreak"\r\n',
    );
  });

  it('writes only the header for an empty list', () => {
    expect(websiteLinksCsv([])).toBe('URL\r\n');
    expect(contactedDomainsCsv(['cdn.example.net'])).toBe('Domain\r\ncdn.example.net\r\n');
    expect(csvTable(['uid', 'score'], [['a,1', 12]])).toBe('uid,score\r\n"a,1",12\r\n');
  });
});
