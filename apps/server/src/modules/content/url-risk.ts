import { domainToASCII } from 'node:url';
import { ABUSED_TLDS, isShortener, LURE_WORDS, type LureTheme } from '@riskscan/scanner';

/**
 * How risky a link is, 0-100 (the scale of the scanner's verdicts). The scanner's fast URL
 * verdict (`packages/scanner/src/verdict/`) will fit this signature; until it is wired in,
 * `conservativeUrlRisk` stands in.
 */
export type UrlRiskCheck = (url: string) => Promise<{ risk_score: number }>;

/** Score at and above which a comment's link sends the comment to moderation. */
export const HOLD_RISK_SCORE = 40;

// Themes whose words in a link are worth a moderator's look; delivery and support words are
// too common in ordinary links.
const HOLD_THEMES = new Set<LureTheme>(['account', 'billing', 'wallet', 'giveaway']);

function hasLureWord(text: string): boolean {
  return text.split(/[^a-z0-9]+/).some((word) => {
    const theme = LURE_WORDS.get(word);
    return theme !== undefined && HOLD_THEMES.has(theme);
  });
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A deliberately cautious rule: anything a careful moderator would want to look at first scores at
 * least HOLD_RISK_SCORE. Ordinary links to ordinary sites score 0. It never fetches the link.
 */
export const conservativeUrlRisk: UrlRiskCheck = async (raw) => {
  const url = URL.canParse(raw) ? new URL(raw) : URL.canParse(`https://${raw}`) ? new URL(`https://${raw}`) : null;
  if (!url) return { risk_score: 60 };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { risk_score: 100 };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  let score = 0;
  if (url.username || url.password) score = Math.max(score, 90);
  if (IPV4.test(host) || host.startsWith('[')) score = Math.max(score, 80);
  if (host.split('.').some((label) => label.startsWith('xn--')) || domainToASCII(host) !== host) score = Math.max(score, 70);
  if (isShortener(host)) score = Math.max(score, 60);
  if (ABUSED_TLDS.has(host.split('.').at(-1) ?? '')) score = Math.max(score, 50);
  if (url.port && url.port !== '80' && url.port !== '443') score = Math.max(score, 50);
  if (hasLureWord(host) || hasLureWord(url.pathname.toLowerCase())) score = Math.max(score, 45);
  if (host.split('.').length > 4 || raw.length > 200) score = Math.max(score, 40);
  return { risk_score: score };
};
