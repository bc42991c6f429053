import { riskLevelForScore } from '@riskscan/contracts';
import './risk-badge.css';

export function RiskBadge({ score }: { score: number }) {
  const level = riskLevelForScore(score);
  return (
    <span className={`risk-badge risk-badge--${level.toLowerCase()}`}>
      {score} <span>{level}</span>
    </span>
  );
}
