/** SPEC §9 clock format `HH : mm : ss`. */
export function formatClock(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(' : ');
}
