import type { RiskLevel } from '@riskscan/contracts';
import { CliError } from './cli-errors.ts';

/**
 * The risk levels from least to most risky. The CLI ships without runtime dependencies, so it
 * cannot import contracts' `RISK_LEVELS`; the checks below make the build fail if the two differ.
 */
export const LEVELS = ['Secure', 'Good', 'Normal', 'Risky', 'Danger'] as const satisfies readonly RiskLevel[];
type Missing = Exclude<RiskLevel, (typeof LEVELS)[number]>;
const everyLevelListed: [Missing] extends [never] ? true : never = true;
void everyLevelListed;

/** `--fail-on` as typed (any case) to a level name; a name that is not a level is a usage error. */
export function parseLevel(name: string): RiskLevel {
  const level = LEVELS.find((candidate) => candidate.toLowerCase() === name.trim().toLowerCase());
  if (!level) throw new CliError(`--fail-on takes a risk level: ${LEVELS.join(', ')} (any case); "${name}" is none of them.`);
  return level;
}

/** True when `level` is `threshold` or riskier. */
export function reaches(level: RiskLevel, threshold: RiskLevel): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(threshold);
}
