import { riskLevelOf } from '../profile-format.ts';

export function RiskBadge({ score }: { score: number }) {
  const level = riskLevelOf(score);
  return (
    <span className={`risk-badge risk-badge--${level.toLowerCase()}`}>
      {score} <span>{level}</span>
    </span>
  );
}
