import { SCAN_STAGE_LABELS, SCAN_STAGES, type ScanStage } from '@riskscan/contracts';
import { useState } from 'react';
import './scan-stages.css';

/** The stages a scan goes through, the one it is in as the server says marked current (issue 37). */
export function ScanStages({ stage }: { stage: ScanStage | null }) {
  const current = stage === null ? -1 : SCAN_STAGES.indexOf(stage);
  return (
    <ol className="scan-stages" aria-label="Scan stages">
      {SCAN_STAGES.map((name, index) => (
        <li
          key={name}
          className={`scan-stages__step scan-stages__step--${index < current ? 'done' : index === current ? 'current' : 'next'}`}
          aria-current={index === current ? 'step' : undefined}
        >
          {SCAN_STAGE_LABELS[name]}
          {index < current ? <span className="visually-hidden"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** Cancels a running scan; disabled while the cancel is on its way. */
export function CancelScanButton({ onCancel, className = '' }: { onCancel: () => Promise<void>; className?: string }) {
  const [cancelling, setCancelling] = useState(false);
  async function cancel() {
    setCancelling(true);
    try {
      await onCancel();
    } finally {
      setCancelling(false);
    }
  }
  return (
    <button type="button" className={`button ${className}`.trim()} disabled={cancelling} onClick={() => void cancel()}>
      {cancelling ? 'Cancelling…' : 'Cancel scan'}
    </button>
  );
}
