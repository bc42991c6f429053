import type { PageFacts } from '../page/page-facts.ts';
import { siteOf, type UrlFacts } from '../url/url-facts.ts';
import type { Finding } from './check.ts';
import { alternation, lexiconPattern, wordsOf } from '../page/lexicon/lexicon.ts';

const AMOUNT = String.raw`(?:\d{1,3}(?:[.,\s ]\d{3})+|\d{1,7})(?:[.,]\d{2})?`;
/**
 * Prices in any currency: ISO 4217 codes before or after the amount, and the local symbols shops
 * write (€ £ $ ¥ ₹ ₺ TL zł R$ kr Kč Ft lei ₽ ₩ ₫ ₪ ฿ Rp 円 元 ...).
 */
const ISO_CODES = String.raw`(?:chf|eur|usd|gbp|jpy|cny|rmb|krw|try|pln|brl|inr|rub|uah|sek|nok|dkk|czk|huf|ron|ils|thb|vnd|idr|myr|php|sgd|hkd|twd|aud|nzd|cad|mxn|ars|clp|cop|pen|zar|aed|sar|qar|egp|mad)`;
const SYMBOL_BEFORE = String.raw`(?:[$€£¥₹₺₩₫₪฿₽₴₱]|\b(?:r|a|c|nz|us|hk|s|nt)\$|\brp\.?|\brs\.?)`;
// A symbol written straight before digits starts the next price ("270 ₺4.899,00"): it ends none.
const SYMBOL_AFTER = String.raw`(?:(?:€|£|¥|₺|₽|₴|₫|₪|฿|₩|₹)(?!\d)|円|元|zł|kč|tl\b|kr\b|ft\b|lei\b|руб\.?|грн\.?|zl\b)`;
export const PRICE = new RegExp(
  String.raw`(?:(?:${SYMBOL_BEFORE}|\b${ISO_CODES}\s)\s?${AMOUNT}|\b${AMOUNT}\s?(?:${SYMBOL_AFTER}|\b${ISO_CODES}\b))`,
  'giu',
);
const SHOP_WORDS = lexiconPattern('shop');
// "-70%", "70% off" and, as Turkish and Basque write it, "%70 indirim".
const DISCOUNT = new RegExp(
  String.raw`(?:^|[^\d])-\s?(\d{2})\s?%|\b(\d{2})\s?%\s*${alternation('discount')}(?![\p{L}])|%\s?(\d{2})\s*${alternation('discount')}(?![\p{L}])`,
  'giu',
);
/** Implausible discounts under pressure in a shop that names no one behind it. */
const FAKE_SHOP_PATTERN = 60;
/** At 70% and more off on many items a shop is clearing stock at a loss or is not a shop at all. */
const IMPLAUSIBLE_DISCOUNT = 70;
/**
 * At 85% and more off, one item is enough: a single-product page or a one-item checkout ("32.999,00 TL
 * 2.499,00 TL") sells something no shop sells at that price. Below that, one item at 70% off is a
 * sale, unless the page also hurries the buyer and names no one behind it (`fakeShopFinding`).
 */
const IMPOSSIBLE_DISCOUNT = 85;

/** Someone else's gift cards (store cards of app and game platforms) as payment: untraceable, never refunded. */
const PLATFORM = String.raw`(?:steam|apple|itunes|google play|amazon|razer(?: gold)?|ebay|vanilla|xbox|playstation)\b`;
const THIRD_PARTY_CARD = String.raw`(?:${PLATFORM}[^.]{0,30}?\bgift ?cards?|gift ?cards?\b[^.]{0,30}?\b${PLATFORM}|(?:steam(?: wallet)?|itunes|google play|razer gold) cards?)`;
const GIFT_CARD_PAYMENT = new RegExp(
  String.raw`(?:\bpay|payment|checkout|accept)[^.]{0,60}?\b${THIRD_PARTY_CARD}|\b${THIRD_PARTY_CARD}[^.]{0,40}\b(?:as|for) (?:the )?payment|gift card codes?`,
  'i',
);
const PAYMENT_TERMS = String.raw`(?<![\p{L}])${alternation('pay')}(?![\p{L}])[^.]{0,40}(?<![\p{L}])${alternation('only')}(?![\p{L}])[^.]{0,40}`;
const CRYPTO = String.raw`(?<![\p{L}])${alternation('crypto')}(?![\p{L}])`;
const CRYPTO_ONLY = new RegExp(`${PAYMENT_TERMS}${CRYPTO}|${CRYPTO}(?:\\s+(?:and|or)\\s+${CRYPTO})*\\s+(?:payments?\\s+)?only\\b`, 'iu');
const PREPAYMENT = String.raw`(?<![\p{L}])${alternation('prepayment')}(?![\p{L}])`;
// Japanese and Chinese write "only" straight after the payment kind (銀行振込のみ), with no spaces to bound words.
const UNSPACED_PREPAYMENT_ONLY = `(?:${wordsOf('prepayment', 'ja').join('|')})(?:${wordsOf('only', 'ja').join('|')})`;
const PREPAYMENT_ONLY = new RegExp(
  `${PAYMENT_TERMS}${PREPAYMENT}|${PREPAYMENT}[^.]{0,20}\\bonly\\b|we (?:do not|don'?t) accept (?:credit |debit )?cards|${UNSPACED_PREPAYMENT_ONLY}`,
  'iu',
);

/** Pressure to buy before thinking: "only 3 left", a closing-down story, a clock counting down. */
const SCARCITY = lexiconPattern('scarcity');
const CLOSING_DOWN = lexiconPattern('closingDown');
/** "05:59:59", "23 : 14 : 02": a clock drawn in the page. */
const CLOCK = /(?<!\d)\d{1,2}\s?:\s?\d{2}\s?:\s?\d{2}(?!\d)/;
/** A timer in the page's code that counts down to a moment or by ones. */
const COUNTDOWN_CODE = /setInterval\s*\([\s\S]{0,600}?(?:countdown|remaining|timer|Date\.now\(\)|getTime\(\)|--|-=\s*1)/i;

/** Links and statements an honest shop shows: who runs it, its terms, how to reach it. */
const LEGAL_LINK = lexiconPattern('legal');
const COMPANY_DETAILS =
  /\b(?:vat|company|registration|reg\.|commercial register|tax)\s*(?:no\.?|number|id)\b|\bCHE-\d{3}\.\d{3}\.\d{3}\b|\bHRB\s?\d+/i;

interface Signal {
  score: number;
  what: string;
}

/** Implausible discounts: how many items, and the steepest. */
interface Discounts extends Signal {
  items: number;
  steepest: number;
}

/** A page that sells things: several prices, or shop wording with a price. */
export function looksLikeShop(page: PageFacts): boolean {
  const prices = page.prose.match(PRICE)?.length ?? 0;
  return prices >= 3 || (prices >= 1 && SHOP_WORDS.test(page.prose));
}

/** "€1,299.00" or "1.299,00 €" as a number: the last separator followed by two digits is the decimal point. */
function priceValue(price: string): number {
  const digits = price.replace(/[^\d.,]/g, '');
  const decimal = /[.,](\d{2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -3) : digits).replace(/[.,]/g, '');
  return Number(`${whole}.${decimal?.[1] ?? '0'}`);
}

/** Discounts shown as a struck-out price next to the new one ("€189.00 €24.90"), in percent. */
function pricePairDiscounts(prose: string): number[] {
  const pair = new RegExp(`(${PRICE.source})\\s*[-–→/|]?\\s*(${PRICE.source})`, 'giu');
  return [...prose.matchAll(pair)]
    .map((match) => [priceValue(match[1]!), priceValue(match[2]!)] as const)
    .filter(([before, after]) => before > 0 && after > 0 && after < before)
    .map(([before, after]) => Math.round(100 * (1 - after / before)));
}

function discountSignal(prose: string): Discounts | undefined {
  const percentages = [...prose.matchAll(DISCOUNT)].map((match) => Number(match[1] ?? match[2] ?? match[3]));
  // One banner ("Alle Bohnen heute 70% günstiger") over struck-out prices: the prices tell how many items.
  const steep = [percentages, pricePairDiscounts(prose)]
    .map((discounts) => discounts.filter((discount) => discount >= IMPLAUSIBLE_DISCOUNT))
    .reduce((most, list) => (list.length > most.length ? list : most));
  if (steep.length === 0) return undefined;
  const steepest = Math.max(...steep);
  return {
    score: 20,
    what: `discounts of up to ${steepest}% on ${steep.length} item${steep.length > 1 ? 's' : ''}`,
    items: steep.length,
    steepest,
  };
}

/** The pressure a fake shop adds to its prices, in any of the lexicon's languages; undefined when there is none. */
function pressureOf(page: PageFacts): string | undefined {
  const kinds: string[] = [];
  if (CLOSING_DOWN.test(`${page.title} \n ${page.prose}`)) kinds.push('a closing-down story');
  if (SCARCITY.test(page.prose)) kinds.push('"only a few left"');
  const code = page.scripts.map((script) => script.inline).join('\n');
  if (CLOCK.test(page.text) && COUNTDOWN_CODE.test(code)) kinds.push('a countdown');
  return kinds.length > 0 ? kinds.join(', ') : undefined;
}

function paymentSignal(prose: string): Signal | undefined {
  if (GIFT_CARD_PAYMENT.test(prose)) return { score: 70, what: 'payment by gift card' };
  if (CRYPTO_ONLY.test(prose)) return { score: 50, what: 'payment in cryptocurrency only' };
  if (PREPAYMENT_ONLY.test(prose)) return { score: 40, what: 'prepayment by transfer only' };
  return undefined;
}

function legalSignal(page: PageFacts): Signal | undefined {
  const linked = page.anchors.some((anchor) => LEGAL_LINK.test(`${anchor.text} ${anchor.href}`));
  if (linked || COMPANY_DETAILS.test(page.prose)) return undefined;
  return { score: 20, what: 'no imprint, terms or contact details' };
}

/** The page's canonical address (or `og:url`) on another site: a shop copied with its markup. */
function copiedSignal(page: PageFacts, final: UrlFacts): Signal | undefined {
  const declared = page.canonical ?? (page.meta['og:url'] && URL.canParse(page.meta['og:url']) ? page.meta['og:url'] : null);
  if (!declared || !/^https?:/i.test(declared)) return undefined;
  const original = siteOf(declared);
  if (original === siteOf(final)) return undefined;
  return { score: 45, what: `a copy of ${original} (its canonical address)` };
}

/**
 * Fake shops: a shop page with implausible discounts, payment that cannot be taken back (gift
 * cards, crypto only, prepayment), no one named behind it, or the markup of another shop. Each
 * sign alone is weak to medium; together they add up: the strongest plus 10 for each other one.
 */
export function fakeShopFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  if (!looksLikeShop(page)) return undefined;
  const found = discountSignal(page.prose);
  // Pressure is what honest shops show too ("only 2 left"); it counts only beside implausible prices.
  const hurried = found ? pressureOf(page) : undefined;
  const anonymous = legalSignal(page);
  // One item at 70% off is a sale; on a page that also hurries the buyer and names no one behind it
  // (a one-product fake shop: "Nike Air Max 90, 649,99 zł 189,99 zł, only 3 left") it is the whole pattern.
  const steep = found && (found.items >= 2 || found.steepest >= IMPOSSIBLE_DISCOUNT || (hurried && anonymous)) ? found : undefined;
  const pressure = steep ? hurried : undefined;
  const discount = steep && pressure ? { score: 30, what: `${steep.what} with ${pressure}` } : steep;
  const signals = [discount, paymentSignal(page.prose), anonymous, copiedSignal(page, final)]
    .filter((signal): signal is Signal => signal !== undefined)
    .sort((a, b) => b.score - a.score);
  if (signals.length === 0) return undefined;
  let score = Math.min(90, signals[0]!.score + (signals.length - 1) * 10);
  // No one named behind it, 70% off and more on item after item, and a clock or "last pieces" to
  // hurry the buyer: the whole pattern of a fake shop, which no honest shop shows all at once.
  if (pressure && anonymous) score = Math.max(score, FAKE_SHOP_PATTERN);
  return { risk_score: score, message: `The shop shows ${signals.map((signal) => signal.what).join(', ')}.` };
}
