import { serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';

type Job = { module: string; name: string; input: unknown; outputBytes: number };

// A thread runs one task at a time, as many times as its runner hands it work: load the task,
// run it on the input, hand back its serialised answer within the budget (or its error by name).
parentPort!.on('message', async ({ module, name, input, outputBytes }: Job) => {
  try {
    const task = (await import(module))[name] as (input: unknown) => unknown;
    const answer = serialize(await task(input));
    parentPort!.postMessage(answer.byteLength > outputBytes ? { over: answer.byteLength } : { result: answer });
  } catch (error) {
    const { name: kind = 'Error', message = String(error) } = error as Error;
    parentPort!.postMessage({ error: { name: kind, message } });
  }
});
