import type { VerdictReportInput } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { answerMessage } from '@/lib/api-error-message.ts';
import { reportVerdict } from '../api/verdict-report.ts';

const CHOICES: { kind: VerdictReportInput['kind']; label: string }[] = [
  { kind: 'false_positive', label: 'This site is safe: the verdict is too high (false positive)' },
  { kind: 'missed_phishing', label: 'This site is phishing or harmful: the verdict is too low' },
];

/**
 * "Wrong verdict?" under a result: a signed-in user tells us a verdict is wrong; an operator
 * reviews the report (decision 331). A native disclosure, a fieldset of radio buttons and a live
 * status line keep it usable with a keyboard and a screen reader.
 */
export function VerdictReportForm({ scanUid }: { scanUid: string }) {
  const [kind, setKind] = useState<VerdictReportInput['kind'] | null>(null);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const report = useMutation({ mutationFn: (input: VerdictReportInput) => reportVerdict(scanUid, input) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind) report.mutate({ kind, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };

  return (
    <details className="verdict-report">
      <summary>Wrong verdict?</summary>
      {report.isSuccess ? (
        <p role="status">Thank you: your report will be reviewed.</p>
      ) : (
        <form onSubmit={submit}>
          <fieldset>
            <legend>What is wrong with this verdict?</legend>
            {CHOICES.map((choice) => (
              <label key={choice.kind}>
                <input
                  type="radio"
                  name="verdict-report-kind"
                  value={choice.kind}
                  checked={kind === choice.kind}
                  onChange={() => setKind(choice.kind)}
                  required
                />{' '}
                {choice.label}
              </label>
            ))}
          </fieldset>
          <label htmlFor={commentId}>What should we know? (optional)</label>
          <textarea id={commentId} maxLength={2000} rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
          <button type="submit" className="btn" disabled={!kind || report.isPending}>
            {report.isPending ? 'Sending…' : 'Send report'}
          </button>
          {report.isError && <p role="alert">{answerMessage(report.error)}</p>}
        </form>
      )}
    </details>
  );
}
