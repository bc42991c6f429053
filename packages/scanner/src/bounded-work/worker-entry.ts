import { setPriority } from 'node:os';
import { getHeapStatistics, serialize } from 'node:v8';
import { type MessagePort, parentPort } from 'node:worker_threads';
import { ownThreadStat } from './thread-clock.ts';

// Untrusted work yields the cores to the event loop that answers everyone else: on Linux a nice
// value is the calling thread's own, so this lowers this thread alone.
setPriority(10);
// Its runner bounds a task by the CPU this thread uses (bounded-worker.ts): where to read it.
parentPort!.postMessage({ thread: ownThreadStat() });

type Job = { module: string; name: string; input: unknown; outputBytes: number; port?: MessagePort };

// A thread runs one task at a time, as many times as its runner hands it work: load the task,
// run it on the input (with its port when the caller converses), hand back its serialised answer
// within the budget (or its error by name), with the heap the thread holds afterwards, so its
// runner can end a thread the input swelled.
parentPort!.on('message', async ({ module, name, input, outputBytes, port }: Job) => {
  try {
    const task = (await import(module))[name] as (input: unknown, port?: MessagePort) => unknown;
    const answer = serialize(await task(input, port));
    const heapBytes = getHeapStatistics().total_heap_size;
    parentPort!.postMessage(answer.byteLength > outputBytes ? { over: answer.byteLength, heapBytes } : { result: answer, heapBytes });
  } catch (error) {
    const { name: kind = 'Error', message = String(error) } = error as Error;
    parentPort!.postMessage({ error: { name: kind, message }, heapBytes: getHeapStatistics().total_heap_size });
  } finally {
    port?.close();
  }
});
