import { apiKeyCreatedSchema, apiKeyListSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

export const apiKeysQuery = queryOptions({
  queryKey: ['api-keys'],
  queryFn: async () => apiKeyListSchema.parse(await sessionRequest('api', '/api-keys/')),
});

/** The answer carries the secret once; it is never listed again. */
export const createApiKey = async (name: string) =>
  apiKeyCreatedSchema.parse(await sessionRequest('api', '/api-keys/', { body: { name } }));

export const revokeApiKey = (uid: string) => sessionRequest('api', `/api-keys/${encodeURIComponent(uid)}/`, { method: 'DELETE' });
