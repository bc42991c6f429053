import { SCAN_STAGE_LABELS, SCAN_STAGES, type ScanStage } from '@riskscan/contracts';
import { useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import type { ScanForm } from '../model/scan-form.ts';

type ScanProgressProps = {
  form: ScanForm;
  /** The stage the server reports; null until it has named one. */
  stage: ScanStage | null;
  onCancel: () => Promise<void>;
};

/**
 * Shown while a scan runs, in place of the form (SPEC §2): the stages a scan goes through, the one
 * it is in as the server says (issue 37), and a way to cancel it.
 */
export function ScanProgress({ form, stage, onCancel }: ScanProgressProps) {
  const [cancelling, setCancelling] = useState(false);
  const current = stage === null ? -1 : SCAN_STAGES.indexOf(stage);

  async function cancel() {
    setCancelling(true);
    await onCancel();
  }

  return (
    <div className="scan-progress">
      <div className="scan-progress__status" role="status">
        <ProgressBar label="Scan in progress" />
        <p className="scan-progress__title">Scanning {form.url}</p>
        <p className="scan-progress__note">
          The scan is in progress. It usually takes a few seconds.
          {stage ? ` Now: ${SCAN_STAGE_LABELS[stage]}.` : ''}
        </p>
      </div>
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
      <button type="button" className="button button--on-dark scan-progress__cancel" disabled={cancelling} onClick={() => void cancel()}>
        {cancelling ? 'Cancelling…' : 'Cancel scan'}
      </button>
    </div>
  );
}
