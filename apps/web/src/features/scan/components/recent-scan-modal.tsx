import { Modal } from '@/components/ui/modal.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useRecentScan } from '../api/recent-scan.ts';
import { LazyResultView } from '@/components/scan-result/lazy-result-view.tsx';

/** One board entry in full: the same result view in profile mode, a progress bar while loading (SPEC §2). */
export function RecentScanModal({ uid, showDisabled, onClose }: { uid: string; showDisabled: boolean; onClose: () => void }) {
  const scan = useRecentScan(uid);
  return (
    <Modal title="Scan details" onClose={onClose} size="large">
      {scan.isPending ? <ProgressBar label="Loading the scan" /> : null}
      {scan.isError ? <p role="alert">This scan could not be loaded. Please try again later.</p> : null}
      {scan.data ? <LazyResultView result={scan.data} mode="profile" showDisabled={showDisabled} /> : null}
    </Modal>
  );
}
