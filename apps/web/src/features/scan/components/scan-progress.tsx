import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import type { ScanForm } from '../model/scan-form.ts';

/** Shown while a scan runs, in place of the form (SPEC §2). Scans take seconds, so it says so. */
export function ScanProgress({ form }: { form: ScanForm }) {
  return (
    <div className="scan-progress" role="status">
      <ProgressBar label="Scan in progress" />
      <p className="scan-progress__title">Scanning {form.url}</p>
      <p className="scan-progress__note">The scan is in progress. It usually takes a few seconds.</p>
    </div>
  );
}
