import { z } from 'zod';

/**
 * API keys for the REST API (DESIGN §7: `Authorization: Api-Key <key>`). The secret is shown once,
 * in the answer that creates it; afterwards only its prefix identifies it.
 */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created: z.string(),
  last_used: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

export const createApiKeyRequestSchema = z.object({ name: z.string().trim().min(1, 'Name required').max(100) });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
