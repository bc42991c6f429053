import { SCAN_STAGE_LABELS, type ScanStage } from '@riskscan/contracts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import type { ScanForm } from '../model/scan-form.ts';
import { CancelScanButton, ScanStages } from './scan-stages.tsx';

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
      <ScanStages stage={stage} />
      <CancelScanButton onCancel={onCancel} className="button--on-dark scan-progress__cancel" />
    </div>
  );
}
