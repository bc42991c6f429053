import { z } from 'zod';

/**
 * Base URLs the web app talks to, served by the server at start so each part can live on its
 * own host without rebuilding the app (DESIGN §4).
 */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  scanApiBaseUrl: z.string(),
  paymentBaseUrl: z.string(),
  cmsBaseUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
