import { describe, expect, it } from 'vitest';
import { chargeTestCard } from './test-cards.ts';

const now = new Date('2026-11-21T00:00:00Z');
const card = (number: string, expiry = '12 / 30', cvc = '123') => chargeTestCard({ number, expiry, cvc }, now);

describe('sandbox test cards', () => {
  it('approves the success numbers, spaced or not', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ approved: true });
    expect(card('5555555555554444')).toEqual({ approved: true });
  });

  it('declines the decline numbers with the processor message', () => {
    expect(card('4000 0000 0000 0002')).toEqual({ approved: false, message: 'Your card was declined.' });
    expect(card('4000 0000 0000 9995')).toEqual({ approved: false, message: 'Your card has insufficient funds.' });
  });

  it('refuses malformed numbers, past expiry dates and bad security codes', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ approved: false, message: 'Your card number is incorrect.' });
    expect(card('4242424242424242', '10 / 26')).toMatchObject({ approved: false, message: expect.stringContaining('expiration') });
    expect(card('4242424242424242', '11 / 26')).toEqual({ approved: true });
    expect(card('4242424242424242', '12 / 30', '12')).toMatchObject({ approved: false, message: expect.stringContaining('security code') });
  });

  it('does not take real cards', () => {
    expect(card('4012 8888 8888 1881')).toMatchObject({ approved: false, message: expect.stringContaining('test cards only') });
  });
});
