import type { PageFacts } from '../page/page-facts.ts';
import type { ScriptCorpus } from '../page/revealed-code.ts';
import type { Finding } from './check.ts';

const COIN = String.raw`(?:btc|bitcoin|eth|ether|ethereum|usdt|usdc|sol|solana|bnb|xrp|doge|ada|trx|crypto)`;
/** Within one sentence: any character but a full stop, though decimal points ("0.1 ETH") belong to the sentence. */
const SAME_SENTENCE = String.raw`(?:[^.!?]|\.\d)`;
/**
 * "Send 0.1-20 ETH, get double back", "double your bitcoin", "ETH … x2 back": the giveaway scam's core
 * promise. Coins must be named: "2x back" on a card's reward points or "double your investment" in a
 * savings article are not giveaways.
 */
const DOUBLING = new RegExp(
  String.raw`\bsend\b${SAME_SENTENCE}{0,80}?\b${COIN}\b${SAME_SENTENCE}{0,160}?\b(?:get|receive|send you|return|sent back)\b${SAME_SENTENCE}{0,60}?(?:\b2x\b|\bx2\b|double|twice)` +
    String.raw`|\bdouble (?:your|the) ${COIN}\b` +
    String.raw`|\b${COIN}\b${SAME_SENTENCE}{0,120}?\b(?:2x|x2) (?:back|returned)\b`,
  'i',
);
/** "Send 1 ETH, get 2 ETH back": amounts that come back multiplied. */
const SEND_GET = new RegExp(
  String.raw`\bsend\s+(\d+(?:\.\d+)?)\s*(${COIN})\b${SAME_SENTENCE}{0,40}?\b(?:get|receive)\s+(\d+(?:\.\d+)?)\s*(${COIN})\b`,
  'gi',
);

function promisesMultiples(text: string): boolean {
  if (DOUBLING.test(text)) return true;
  return [...text.matchAll(SEND_GET)].some(
    ([, sent, sentCoin, received, receivedCoin]) =>
      sentCoin!.toLowerCase() === receivedCoin!.toLowerCase() && Number(received) >= 1.5 * Number(sent),
  );
}

const WALLET_ADDRESS = /\b0x[a-fA-F0-9]{40}\b|\bbc1[a-z0-9]{25,60}\b|\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b|\bT[1-9A-HJ-NP-Za-km-z]{33}\b/;
const DEPOSIT = /\b(?:send|deposit|transfer)\b[^.]{0,60}\b(?:to|into)\b (?:the |this |our |following |below )*(?:address|wallet)/i;
const GUARANTEED_RETURN =
  /double your (?:money|deposit|investment) (?:in|within) \d+ (?:hours?|days?)|guaranteed (?:returns?|profits?|income|payouts?)|risk[- ]free (?:returns?|profits?|investment)|\b\d+(?:\.\d+)?\s?%\s*(?:daily|per day|a day|every day|weekly|per week|hourly|per hour)\b|(?:daily|weekly|hourly) (?:returns?|profits?|roi) of \d+/i;
const URGENCY = /(?:ends|expires|closes) in\b|limited time|only \d+ (?:spots|places|slots) left|hurry|last chance/i;
const COUNTDOWN_CODE = /setInterval\s*\([\s\S]{0,400}?(?:countdown|remaining|timer|expires)/i;

/**
 * Giveaway and investment scams: "send X, get 2X back", guaranteed returns, a wallet address to
 * deposit into, a countdown. A promise to double coins is decisive; the rest counts together.
 */
export function giveawayScamFinding(page: PageFacts, scripts: ScriptCorpus): Finding | undefined {
  const text = `${page.title} ${page.prose}`;
  const deposit = WALLET_ADDRESS.test(text) || DEPOSIT.test(text);
  const depositWhat = WALLET_ADDRESS.test(text) ? 'a wallet address to send coins to' : 'a deposit to a wallet';
  const urgency = URGENCY.test(text) || COUNTDOWN_CODE.test(scripts.all);
  const rush = urgency ? ' and a countdown' : '';
  if (promisesMultiples(text)) {
    return {
      risk_score: 90,
      message: `The page promises to send back double the coins you send${deposit ? `, with ${depositWhat}` : ''}.`,
    };
  }
  const returns = GUARANTEED_RETURN.test(text);
  if (returns && deposit)
    return { risk_score: 75, message: `The page promises guaranteed or daily returns and asks for ${depositWhat}${rush}.` };
  if (returns) return { risk_score: urgency ? 50 : 45, message: `The page promises guaranteed or daily investment returns${rush}.` };
  if (WALLET_ADDRESS.test(text) && DEPOSIT.test(text) && urgency)
    return { risk_score: 65, message: 'The page asks you to send coins to a wallet address before a countdown runs out.' };
  if (WALLET_ADDRESS.test(text) && DEPOSIT.test(text))
    return { risk_score: 15, message: 'The page asks you to send coins to a wallet address.' };
  return undefined;
}
