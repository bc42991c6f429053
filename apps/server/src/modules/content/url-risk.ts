import { ABUSED_TLDS, isShortener, isUnusualPort, LURE_WORDS, type LureTheme, urlFacts } from '@riskscan/scanner';

/**
 * How risky a link is, 0-100 (the scale of the scanner's verdicts). `app.ts` answers it with the
 * scanner's fast URL verdict, never below `conservativeUrlRisk` (record 038).
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

/**
 * A deliberately cautious rule: anything a careful moderator would want to look at first scores at
 * least HOLD_RISK_SCORE. Ordinary links to ordinary sites score 0. It never fetches the link. What
 * the URL says (IP host, user information, port, punycode) comes from the scanner's URL facts, and
 * what its parts mean (abused endings, shorteners, lure words) from the scanner's URL knowledge.
 */
export const conservativeUrlRisk: UrlRiskCheck = async (raw) => {
  const url = URL.canParse(raw) ? new URL(raw) : URL.canParse(`https://${raw}`) ? new URL(`https://${raw}`) : null;
  if (!url) return { risk_score: 60 };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { risk_score: 100 };
  const facts = urlFacts(url);
  const host = facts.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  let score = 0;
  if (facts.hasUserinfo) score = Math.max(score, 90);
  if (facts.isIp) score = Math.max(score, 80);
  if (labels.some((label) => label.startsWith('xn--'))) score = Math.max(score, 70);
  if (isShortener(host)) score = Math.max(score, 60);
  if (ABUSED_TLDS.has(labels.at(-1) ?? '')) score = Math.max(score, 50);
  if (isUnusualPort(facts.port)) score = Math.max(score, 50);
  if (hasLureWord(host) || hasLureWord(facts.path.toLowerCase())) score = Math.max(score, 45);
  if (labels.length > 4 || raw.length > 200) score = Math.max(score, 40);
  return { risk_score: score };
};
