import { useQuery } from '@tanstack/react-query';
import { LazyResultView } from '@/components/scan-result/lazy-result-view.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { scanHistoryDetailQuery } from '@/lib/scan-report-query.ts';
import { LocalTime } from '@/components/ui/local-time.tsx';

/** One past scan in full: the scan feature's result view in profile mode, under the date it ran. */
export function ScanReportDialog({ uid, onClose }: { uid: string; onClose(): void }) {
  const detail = useQuery(scanHistoryDetailQuery(uid));
  return (
    <Modal title="Scan result" size="large" onClose={onClose}>
      {detail.isPending && <ProgressBar label="Loading scan" />}
      {detail.isError && <p className="pk-error">This scan could not be loaded.</p>}
      {detail.data && (
        <>
          <p className="pk-hint">
            Scanned <LocalTime iso={detail.data.date} />
          </p>
          <LazyResultView result={detail.data.data} mode="profile" showDisabled />
        </>
      )}
    </Modal>
  );
}
