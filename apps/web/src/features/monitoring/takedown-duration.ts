const plural = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/** Seconds from report to takedown in words, to the two largest units: "2 days 3 hours", "45 minutes". */
export function formatTakedownTime(seconds: number): string {
  const units: [string, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, seconds);
  for (const [unit, size] of units) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 || parts.length > 0) parts.push(plural(value, unit));
  }
  const shown = parts.slice(0, 2).filter((part) => !part.startsWith('0 '));
  return shown.length > 0 ? shown.join(' ') : 'under a minute';
}
