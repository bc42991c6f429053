import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * Removes every BullMQ queue whose name starts with `prefix` (a test's `SCAN_QUEUE_NAME`: the scan
 * queue and every job's `<prefix>-<job>`, repeating ones included), so a test leaves no Redis key.
 */
export async function removeQueues(redisUrl: string, prefix: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  try {
    const keys = await connection.keys(`bull:${prefix}*`);
    const names = new Set(keys.map((key) => key.slice('bull:'.length).split(':')[0]!));
    for (const name of names) {
      const queue = new Queue(name, { connection });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    // What obliterate keeps (a queue's events stream, its repeat schedules).
    const left = await connection.keys(`bull:${prefix}*`);
    if (left.length > 0) await connection.del(...left);
  } finally {
    connection.disconnect();
  }
}
