import { getHeapStatistics, serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';

type Job = { module: string; name: string; input: unknown; outputBytes: number };

// A thread runs one task at a time, as many times as its runner hands it work: load the task,
// run it on the input, hand back its serialised answer within the budget (or its error by name),
// with the heap the thread holds afterwards, so its runner can end a thread the input swelled.
parentPort!.on('message', async ({ module, name, input, outputBytes }: Job) => {
  try {
    const task = (await import(module))[name] as (input: unknown) => unknown;
    const answer = serialize(await task(input));
    const heapBytes = getHeapStatistics().total_heap_size;
    parentPort!.postMessage(answer.byteLength > outputBytes ? { over: answer.byteLength, heapBytes } : { result: answer, heapBytes });
  } catch (error) {
    const { name: kind = 'Error', message = String(error) } = error as Error;
    parentPort!.postMessage({ error: { name: kind, message }, heapBytes: getHeapStatistics().total_heap_size });
  }
});
