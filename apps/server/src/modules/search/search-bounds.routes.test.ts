import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { statementBudget } from './search.repository.ts';

describe('GET /api/v1/search/ bounds', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ SCAN_BROWSER: 'false' });
  }, 180_000);
  afterAll(() => test.close());

  const search = (q: string) => test.app.inject({ method: 'GET', url: `/api/v1/search/?q=${q}` });

  it('refuses NUL and other control characters with 400, not 500', async () => {
    for (const q of ['a%00b', 'paypal%01', '%7Fabc']) {
      const response = await search(q);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ q: ['Search for text without control characters.'] });
    }
  });

  it('refuses more than 10 terms and words shorter than 3 characters', async () => {
    const many = await search(encodeURIComponent(Array.from({ length: 11 }, (_, i) => `word${i}`).join(' ')));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ q: ['Use at most 10 terms in one search.'] });
    const short = await search('paypal%20a');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ q: ['Words need at least 3 characters: "a" is too short.'] });
    expect((await search('pay')).statusCode).toBe(200);
  });

  it('looks for words in URLs through a trigram index', async () => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'search_scans_url_trgm_idx'`.execute(
      test.app.db,
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(lower\(url\) gin_trgm_ops\)/);
  });

  it("gives each of a search's statements only the time the earlier ones left (issue 40: a count and a page of 2 s each took 3 s)", async () => {
    let clock = 0;
    const limits = await test.app.db.transaction().execute(async (trx) => {
      const budget = statementBudget(trx, 2000, () => clock);
      const shown = async () =>
        (await sql<{ limit: string }>`select current_setting('statement_timeout') as limit`.execute(trx)).rows[0]?.limit;
      await budget.next();
      const first = await shown();
      clock = 1500;
      await budget.next();
      const second = await shown();
      clock = 2600;
      await budget.next();
      return [first, second, await shown()];
    });
    // The last statement, past the budget, is cancelled at once.
    expect(limits).toEqual(['2s', '500ms', '1ms']);
  });
});
