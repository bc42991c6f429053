import type { LookalikeDnsRecords } from '@riskscan/contracts';
import { nextStatus, type Observation, type PageVerdict } from './lifecycle.ts';
import { type LookalikeFacts, type LookalikeRow, recordObservation, touchLookalike } from './lookalikes.repository.ts';
import type { MonitoringContext } from './monitoring-context.ts';

/** Where an observation goes: the monitor, and the run whose events it adds (so a replay adds none twice). */
export type ObservationTarget = { ctx: MonitoringContext; monitorId: number; source: string };
/** A checked name: its family, and its records as its watcher may see them. */
export type CheckedName = { domain: string; fuzzer: string; dns: LookalikeDnsRecords };
/** What a registered look-alike's page said: null when none answers, undefined when unchanged or not judged. */
export type PageSeen = { page: PageVerdict | null | undefined; facts: LookalikeFacts };

export async function observe(
  target: ObservationTarget,
  name: CheckedName,
  known: LookalikeRow | undefined,
  observation: Observation,
  facts: LookalikeFacts,
): Promise<void> {
  const status = nextStatus(known?.status ?? null, observation);
  if (status === null) return;
  // One transaction: the look-alike's row lock holds until its event is written.
  await target.ctx.db.transaction().execute((trx) =>
    recordObservation(trx, {
      monitorId: target.monitorId,
      domain: name.domain,
      fuzzer: name.fuzzer,
      status,
      facts: { dns: name.dns, ...facts },
      source: target.source,
      now: target.ctx.now(),
    }),
  );
}

/** Records a registered look-alike's page, seen in the name pass or after its scan ended. */
export async function observePage(target: ObservationTarget, name: CheckedName, known: LookalikeRow | undefined, seen: PageSeen) {
  const { page, facts } = seen;
  if (page === undefined && known && known.status !== 'gone') {
    await touchLookalike(target.ctx.db, known.id, target.ctx.now(), name.dns);
    if (Object.keys(facts).length === 0) return;
  }
  await observe(target, name, known, { resolution: 'registered', page }, facts);
}
