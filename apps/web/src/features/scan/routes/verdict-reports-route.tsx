import type { VerdictReport, VerdictReportDecision } from '@riskscan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { decideReport, pendingReportsQuery } from '../api/verdict-review.ts';

const CLAIM = { false_positive: 'says it is safe (false positive)', missed_phishing: 'says it is phishing (missed)' } as const;

function ReportRow({
  report,
  onDecide,
  busy,
}: {
  report: VerdictReport;
  onDecide: (decision: VerdictReportDecision) => void;
  busy: boolean;
}) {
  return (
    <li>
      <p>
        <strong>{report.url}</strong> scored {report.overall_risk}; the reporter {CLAIM[report.kind]}.
      </p>
      {report.comment && <blockquote>{report.comment}</blockquote>}
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => onDecide('accept')}
        aria-label={`Accept the report on ${report.url}`}
      >
        Accept
      </button>{' '}
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => onDecide('reject')}
        aria-label={`Reject the report on ${report.url}`}
      >
        Reject
      </button>
    </li>
  );
}

/**
 * The operators' page for reports of wrong verdicts (decision 331): the pending queue, each with
 * Accept (corrects the feeds, keeps the example) and Reject. The server decides who is an
 * operator; anyone else sees that the page is not theirs.
 */
export default function VerdictReportsRoute() {
  const queryClient = useQueryClient();
  const queue = useQuery(pendingReportsQuery());
  const decide = useMutation({
    mutationFn: ({ uid, decision }: { uid: string; decision: VerdictReportDecision }) => decideReport(uid, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingReportsQuery().queryKey }),
  });

  let body;
  if (queue.isPending) body = <ProgressBar />;
  else if (queue.error)
    body = (
      <p role="alert">
        {queue.error instanceof ApiError && (queue.error.status === 403 || queue.error.status === 401)
          ? 'This page is for operators who review reports.'
          : answerMessage(queue.error)}
      </p>
    );
  else if (queue.data.length === 0) body = <p>No reports to review.</p>;
  else
    body = (
      <ul className="verdict-reports">
        {queue.data.map((report) => (
          <ReportRow
            key={report.uid}
            report={report}
            busy={decide.isPending}
            onDecide={(decision) => decide.mutate({ uid: report.uid, decision })}
          />
        ))}
      </ul>
    );

  return (
    <main className="container">
      <h1>Verdict reports</h1>
      {body}
      {decide.isError && <p role="alert">{answerMessage(decide.error)}</p>}
    </main>
  );
}
