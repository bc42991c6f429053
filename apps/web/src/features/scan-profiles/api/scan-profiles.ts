import { type ScanProfile, scanProfileSchema } from '@riskscan/contracts';
import { sessionRequest } from '@/lib/session-request.ts';

/** DESIGN §5: the write payload is the profile entity itself. */
export type ScanProfileDraft = Omit<ScanProfile, 'uid'>;

export const saveScanProfile = async (uid: string, profile: ScanProfileDraft) =>
  scanProfileSchema.parse(await sessionRequest('api', `/scan-profiles/${encodeURIComponent(uid)}/`, { method: 'PATCH', body: profile }));

export const createScanProfile = async (profile: ScanProfileDraft) =>
  scanProfileSchema.parse(await sessionRequest('api', '/scan-profiles/', { body: profile }));
