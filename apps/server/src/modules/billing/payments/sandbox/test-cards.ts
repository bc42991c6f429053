/** The card numbers the sandbox knows, as in Stripe's test mode. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};
const APPROVED = new Set(['4242424242424242', '5555555555554444', '378282246310005']);

export type CardInput = { number: string; expiry: string; cvc: string };
export type CardOutcome = { approved: true } | { approved: false; message: string };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `MM / YY` (or `MM/YY`) not in the past. */
function expiryValid(expiry: string, now: Date): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** What the sandbox processor answers for a card: approved, or the message Stripe would show. */
export function chargeTestCard(card: CardInput, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return { approved: false, message: 'Your card number is incorrect.' };
  if (!expiryValid(card.expiry, now)) return { approved: false, message: 'Your card’s expiration date is incomplete or in the past.' };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { approved: false, message: 'Your card’s security code is incomplete.' };
  const decline = DECLINES[digits];
  if (decline) return { approved: false, message: decline };
  if (!APPROVED.has(digits))
    return { approved: false, message: 'Your card was declined. The sandbox accepts test cards only, e.g. 4242 4242 4242 4242.' };
  return { approved: true };
}
