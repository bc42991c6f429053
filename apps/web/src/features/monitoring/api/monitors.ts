import {
  alertDeliveryListSchema,
  type LookalikeStatus,
  lookalikePageSchema,
  type MonitorInput,
  monitorListSchema,
  monitorRunSchema,
  monitorSchema,
} from '@riskscan/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** While a run is queued or running the screens poll, so its progress and findings show as they come. */
const POLL_MS = 2000;

export const monitorsQuery = queryOptions({
  queryKey: ['monitors'],
  queryFn: async () => monitorListSchema.parse(await sessionRequest('api', '/monitors/')),
  refetchInterval: (query) =>
    query.state.data?.some((monitor) => monitor.last_run && ['queued', 'running'].includes(monitor.last_run.status)) ? POLL_MS : false,
});

/**
 * `run` is the monitor's latest run as `uid:status`: part of the keys below, so the look-alikes
 * and alerts are read again when a run starts or ends, and polled while it goes.
 */
const isActive = (run: string) => run.endsWith(':queued') || run.endsWith(':running');

export const lookalikesQuery = (monitorUid: string, status: LookalikeStatus | '', page: number, run: string) =>
  queryOptions({
    queryKey: ['monitors', monitorUid, 'lookalikes', status, page, run],
    queryFn: async () =>
      lookalikePageSchema.parse(
        await sessionRequest('api', `/monitors/${encodeURIComponent(monitorUid)}/lookalikes/`, {
          query: { page, ...(status ? { status } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: isActive(run) ? POLL_MS : false,
  });

export const deliveriesQuery = (monitorUid: string, run: string) =>
  queryOptions({
    queryKey: ['monitors', monitorUid, 'deliveries', run],
    queryFn: async () =>
      alertDeliveryListSchema.parse(await sessionRequest('api', `/monitors/${encodeURIComponent(monitorUid)}/deliveries/`)),
    refetchInterval: isActive(run) ? POLL_MS : false,
  });

export const addMonitor = async (input: Partial<MonitorInput> & { domain: string }) =>
  monitorSchema.parse(await sessionRequest('api', '/monitors/', { body: input }));

export const removeMonitor = (uid: string) => sessionRequest('api', `/monitors/${encodeURIComponent(uid)}/`, { method: 'DELETE' });

export const checkMonitorNow = async (uid: string) =>
  monitorRunSchema.parse(await sessionRequest('api', `/monitors/${encodeURIComponent(uid)}/run/`, { method: 'POST' }));
