import type { TakedownCase } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { takedownsQuery } from '../api/brand-protection.ts';
import { TakedownCasePanel } from './takedown-case-panel.tsx';

/** The takedown cases of one watched domain; the one just prepared (`focusCase`) takes the focus. */
export function TakedownCases({ monitorUid, focusCase }: { monitorUid: string; focusCase: string | null }) {
  const queryClient = useQueryClient();
  const cases = useQuery(takedownsQuery(monitorUid));
  const list = cases.data ?? [];
  if (cases.isError) return <p className="pk-error">The takedown cases could not be loaded. Please try again later.</p>;
  if (list.length === 0) return null;
  const replace = (updated: TakedownCase) =>
    queryClient.setQueryData(takedownsQuery(monitorUid).queryKey, (old) => old?.map((item) => (item.uid === updated.uid ? updated : item)));
  return (
    <section className="takedown-cases" aria-labelledby={`takedowns-${monitorUid}`}>
      <h4 id={`takedowns-${monitorUid}`}>Takedown cases ({list.length})</h4>
      {list.map((item) => (
        <TakedownCasePanel key={item.uid} monitorUid={monitorUid} takedown={item} onChanged={replace} focus={item.uid === focusCase} />
      ))}
    </section>
  );
}
