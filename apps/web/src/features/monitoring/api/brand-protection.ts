import { type BrandPageInput, brandPageListSchema, brandPageSchema, takedownCaseListSchema, takedownCaseSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** A brand page's scan takes a few seconds; the list is read again until every page is ready. */
const POLL_MS = 2000;

const base = (monitorUid: string) => `/monitors/${encodeURIComponent(monitorUid)}`;

export const takedownsQuery = (monitorUid: string) =>
  queryOptions({
    queryKey: ['monitors', monitorUid, 'takedowns'],
    queryFn: async () => takedownCaseListSchema.parse(await sessionRequest('api', `${base(monitorUid)}/takedowns/`)),
  });

export const prepareTakedown = async (monitorUid: string, domain: string) =>
  takedownCaseSchema.parse(await sessionRequest('api', `${base(monitorUid)}/takedowns/`, { body: { domain } }));

export const checkTakedown = async (monitorUid: string, caseUid: string) =>
  takedownCaseSchema.parse(
    await sessionRequest('api', `${base(monitorUid)}/takedowns/${encodeURIComponent(caseUid)}/check/`, { method: 'POST' }),
  );

/** The abuse report as the server writes it (`txt` or `pdf`), fetched with the session so it can be saved. */
export const takedownReport = (monitorUid: string, caseUid: string, format: 'txt' | 'pdf') =>
  sessionRequest<Blob>('api', `${base(monitorUid)}/takedowns/${encodeURIComponent(caseUid)}/report.${format}`, { as: 'blob' });

export const brandPagesQuery = (monitorUid: string) =>
  queryOptions({
    queryKey: ['monitors', monitorUid, 'brand-pages'],
    queryFn: async () => brandPageListSchema.parse(await sessionRequest('api', `${base(monitorUid)}/brand-pages/`)),
    refetchInterval: (query) => (query.state.data?.some((page) => !page.ready) ? POLL_MS : false),
  });

export const registerBrandPage = async (monitorUid: string, input: BrandPageInput) =>
  brandPageSchema.parse(await sessionRequest('api', `${base(monitorUid)}/brand-pages/`, { body: input }));

export const removeBrandPage = (monitorUid: string, pageUid: string) =>
  sessionRequest('api', `${base(monitorUid)}/brand-pages/${encodeURIComponent(pageUid)}/`, { method: 'DELETE' });
