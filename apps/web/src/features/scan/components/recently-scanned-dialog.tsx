import { Modal } from '@/components/ui/modal.tsx';
import { SCAN_MESSAGES } from '../model/scan-constants.ts';

/** SPEC §4, §8: offer the stored result or a fresh scan of a URL scanned within 24 hours. */
export function RecentlyScannedDialog({ onRecent, onRescan }: { onRecent: () => void; onRescan: () => void }) {
  return (
    <Modal
      title={SCAN_MESSAGES.recentlyScanned}
      onClose={onRecent}
      size="small"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onRecent} data-autofocus>
            Recent Result
          </button>
          <button type="button" className="button button--primary" onClick={onRescan}>
            Initiate Scan
          </button>
        </>
      }
    >
      <p>
        <strong>Recent Result</strong> shows the report from that scan right away. <strong>Initiate Scan</strong> scans the URL again now.
      </p>
    </Modal>
  );
}
