import { z } from 'zod';

/** Path parameters of a route addressing one thing by its public id: `/…/{uid}/`. */
export const uidParamsSchema = z.object({ uid: z.string().max(64) });
