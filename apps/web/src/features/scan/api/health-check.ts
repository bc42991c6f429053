import { apiRequest } from '@/lib/api-client.ts';

/** Called before every scan, without the session token (SPEC §6). */
export async function healthCheck(): Promise<void> {
  await apiRequest<unknown>('api', '/health-check/');
}
