import { riskLevelForScore, type Verdict } from '@riskscan/contracts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';
import { DANGER_SCORE, type ModelOutcome } from './url-model.ts';

// Signals after the strongest add this share of their score: one decisive finding reaches Danger
// alone, while a handful of weak ones stays in the lower levels.
const FOLLOWING_WEIGHT = 0.3;
// A signal this strong names the URL's class; weaker ones only raise the score.
const CLASSIFYING_SCORE = 40;
const SUSPICIOUS_SCORE = 60;

/**
 * Turns a URL's signals into its verdict: score, level, classes and the reasons, strongest first.
 * The learned model's score counts as one signal (its reasons share it); on an allowlisted domain
 * only the signals about this very URL or host count.
 */
export function combineSignals(url: string, signals: Signal[], allowlisted: boolean, model: ModelOutcome | null = null): Verdict {
  const counted = allowlisted ? signals.filter((signal) => signal.beatsAllowlist) : signals;
  const modelled = model && !allowlisted && model.risk_score > 0 ? model : null;
  const scores = counted.map((signal) => signal.risk_score);
  if (modelled) scores.push(modelled.risk_score);
  scores.sort((a, b) => b - a);
  let score = 0;
  scores.forEach((value, index) => {
    score += index === 0 ? value : value * FOLLOWING_WEIGHT;
  });
  score = Math.min(100, Math.round(score));
  // Danger needs one decisive finding (a listing, a protected domain shown before an @, the
  // model's decisive evidence): weak signals adding up stay below it.
  const decisive = counted.some((signal) => signal.risk_score >= DANGER_SCORE) || (modelled?.decisive ?? false);
  if (!decisive) score = Math.min(score, DANGER_SCORE - 1);
  // The model's reasons come sorted; only other signals call for a merge.
  const sorted =
    counted.length === 0
      ? (modelled?.reasons ?? [])
      : [...counted, ...(modelled?.reasons ?? [])].sort((a, b) => b.risk_score - a.risk_score);

  const classifying = counted.filter((s) => s.risk_score >= CLASSIFYING_SCORE && s.classification);
  // The model's reasons share its score, so the model names its class itself.
  if (modelled && modelled.risk_score >= CLASSIFYING_SCORE && modelled.classification)
    classifying.push({ code: 'model', message: '', risk_score: modelled.risk_score, classification: modelled.classification });
  const classification = [...new Set(classifying.sort((a, b) => b.risk_score - a.risk_score).map((s) => s.classification as string))];
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
