import { riskLevelForScore, type Verdict } from '@riskscan/contracts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';

// Signals after the strongest add this share of their score: one decisive finding reaches Danger
// alone, while a handful of weak ones stays in the lower levels.
const FOLLOWING_WEIGHT = 0.3;
// A signal this strong names the URL's class; weaker ones only raise the score.
const CLASSIFYING_SCORE = 40;
const SUSPICIOUS_SCORE = 60;

/** Turns a URL's signals into its verdict: score, level, classes and the reasons, strongest first. */
export function combineSignals(url: string, signals: Signal[], allowlisted: boolean): Verdict {
  const counted = allowlisted ? signals.filter((signal) => signal.beatsAllowlist) : signals;
  const sorted = [...counted].sort((a, b) => b.risk_score - a.risk_score);
  let score = 0;
  sorted.forEach((signal, index) => {
    score += index === 0 ? signal.risk_score : signal.risk_score * FOLLOWING_WEIGHT;
  });
  score = Math.min(100, Math.round(score));

  const classification = [
    ...new Set(sorted.filter((s) => s.risk_score >= CLASSIFYING_SCORE && s.classification).map((s) => s.classification as string)),
  ];
  if (classification.length === 0 && score >= SUSPICIOUS_SCORE) classification.push(CLASSIFICATIONS.suspicious);

  const reasons = sorted.map(({ code, message, risk_score }) => ({ code, message, risk_score }));
  if (allowlisted) {
    reasons.push({
      code: 'allowlisted',
      message: 'The domain is a well-known site; weak and domain-wide signals are not counted.',
      risk_score: 0,
    });
  }
  return { url, basis: 'address', risk_score: score, risk_level: riskLevelForScore(score), classification, reasons };
}
