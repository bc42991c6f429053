import { describe, expect, it } from 'vitest';
import { TokenAutomaton } from './token-automaton.ts';

describe('TokenAutomaton', () => {
  it('finds every word, overlapping ones included, with where each ends', () => {
    const words = ['pay', 'paypal', 'pal', 'ledger', 'edge'];
    const automaton = new TokenAutomaton(words);
    const hits = automaton.find('mypaypal-ledger').map((hit) => `${words[hit.word]}@${hit.end}`);
    expect(hits.sort()).toEqual(['edge@14', 'ledger@15', 'pal@8', 'pay@5', 'paypal@8'].sort());
  });

  it('restarts at characters outside letters and digits', () => {
    const automaton = new TokenAutomaton(['paypal']);
    expect(automaton.find('pay.pal')).toEqual([]);
    expect(automaton.find('xn--paypal1')).toHaveLength(1);
  });
});
