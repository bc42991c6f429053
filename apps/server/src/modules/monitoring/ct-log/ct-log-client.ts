import { guardedFetch, type GuardedFetchOptions } from '@riskscan/scanner';
import { z } from 'zod';

/** RFC 6962 §4.3 `get-sth`: only the size matters here; the signature is the log's promise, not ours to check. */
const treeHeadSchema = z.object({ tree_size: z.number().int().nonnegative(), timestamp: z.number().int().nonnegative() });
/** RFC 6962 §4.6 `get-entries`. */
const entriesSchema = z.object({ entries: z.array(z.object({ leaf_input: z.string(), extra_data: z.string().optional() })) });

export type TreeHead = { size: number; timestamp: number };

/** A log's answers are small JSON; anything past this is not an RFC 6962 answer. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export class CtLogError extends Error {}

export type CtLogClient = {
  treeHead(): Promise<TreeHead>;
  /** Leaves `start`..`end` inclusive; a log may answer with fewer than asked (never none while the range exists). */
  entries(start: number, end: number): Promise<Buffer[]>;
};

/** An RFC 6962 log at `baseUrl` (the part before `ct/v1/`, with or without its trailing slash). */
export function ctLogClient(baseUrl: string, network: Omit<GuardedFetchOptions, 'signal'>): CtLogClient {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const get = async (path: string): Promise<unknown> => {
    const response = await guardedFetch(new URL(`ct/v1/${path}`, base), { ...network, maxBytes: MAX_ANSWER_BYTES, timeoutMs: TIMEOUT_MS });
    if (response.status !== 200) throw new CtLogError(`${base} answered HTTP ${response.status} to ${path.split('?')[0]}`);
    try {
      return JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new CtLogError(`${base} answered ${path.split('?')[0]} with something other than JSON`);
    }
  };
  return {
    async treeHead() {
      const head = treeHeadSchema.safeParse(await get('get-sth'));
      if (!head.success) throw new CtLogError(`${base} answered get-sth without a tree size`);
      return { size: head.data.tree_size, timestamp: head.data.timestamp };
    },
    async entries(start, end) {
      const answer = entriesSchema.safeParse(await get(`get-entries?start=${start}&end=${end}`));
      if (!answer.success) throw new CtLogError(`${base} answered get-entries without entries`);
      return answer.data.entries.map((entry) => Buffer.from(entry.leaf_input, 'base64'));
    },
  };
}
