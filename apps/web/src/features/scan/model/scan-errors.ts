import { ApiError } from '@/lib/api-client.ts';
import { SCAN_MESSAGES } from './scan-constants.ts';

export type ScanFailure = {
  message: string;
  /** A `detail` error flags the membership as expired (SPEC §6, §8). */
  membershipExpired: boolean;
};

const FIELD_ERRORS = ['url', 'proxy', 'user_agent'] as const;

function firstFieldMessage(body: object, field: string): string | undefined {
  const value = (body as Record<string, unknown>)[field];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** SPEC §8 "Scan failure": the server's detail, else the url, proxy or user_agent error, else the generic text. */
export function describeScanFailure(error: unknown): ScanFailure {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const detail = ApiError.describe(error.body);
    if (detail) return { message: detail, membershipExpired: true };
    for (const field of FIELD_ERRORS) {
      const message = firstFieldMessage(error.body, field);
      if (message) return { message, membershipExpired: false };
    }
  }
  return { message: SCAN_MESSAGES.scanFailed, membershipExpired: false };
}
