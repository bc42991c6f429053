import { describe, expect, it } from 'vitest';
import { historyCsv, historyJson } from './history-export.ts';

const rows = [
  { uid: 'a1', url: 'https://example.com/?a=1,b="2"', date: '2026-11-20T10:00:00Z', overall_risk_score: 12 },
  { uid: 'a2', url: '=HYPERLINK("http://evil.test")', date: '2026-11-20T11:00:00Z', overall_risk_score: 91 },
];

describe('history export', () => {
  it('writes a CSV with a header, quoted commas and quotes, and defused formulas', () => {
    expect(historyCsv(rows)).toBe(
      'uid,url,date,overall_risk_score\r\n' +
        'a1,"https://example.com/?a=1,b=""2""",2026-11-20T10:00:00Z,12\r\n' +
        'a2,"\'=HYPERLINK(""http://evil.test"")",2026-11-20T11:00:00Z,91\r\n',
    );
  });
  it('writes JSON of the rows', () => {
    expect(JSON.parse(historyJson(rows))).toEqual(rows);
  });
});
