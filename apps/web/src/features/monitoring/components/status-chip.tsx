import type { LookalikeStatus } from '@riskscan/contracts';

export const STATUS_LABELS: Record<LookalikeStatus, string> = {
  registered: 'Registered',
  parked: 'Parked',
  live: 'Live',
  suspicious: 'Suspicious',
  gone: 'Gone',
};

export function StatusChip({ status }: { status: LookalikeStatus }) {
  return <span className={`status-chip status-chip--${status}`}>{STATUS_LABELS[status]}</span>;
}
