import { describe, expect, it } from 'vitest';
import { nextPageOf } from './next-page.ts';
import { parsePage } from './page-facts.ts';

const page = (body: string) => parsePage(`<body>${body}</body>`, 'https://poll.example/vote/index.html?x=1');

describe('nextPageOf', () => {
  it("leads from a poll that asks for nothing to the same host's page its form opens, without the answers", () => {
    expect(nextPageOf(page('<form action="login2.html?a=1"><input type="checkbox" name="pick"><input type="submit"></form>'))).toBe(
      'https://poll.example/vote/login2.html',
    );
  });

  it('reads no next page for a page that already asks for secrets, a search box, another host or the page itself', () => {
    expect(nextPageOf(page('<form action="next.html"><input type="password" name="p"></form>'))).toBeNull();
    expect(nextPageOf(page('<form action="/search"><input type="search" name="q"></form>'))).toBeNull();
    expect(nextPageOf(page('<form action="https://other.example/next"><input name="pick"></form>'))).toBeNull();
    expect(nextPageOf(page('<form action="index.html"><input name="pick"></form>'))).toBeNull();
  });
});
