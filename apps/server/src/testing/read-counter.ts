import type { KyselyPlugin } from 'kysely';

/** Counts the reads a database handle makes (`db.withPlugin(counter.plugin)`): waiting by polling would read again and again. */
export function readCounter(): { plugin: KyselyPlugin; reads: number } {
  const counter = {
    reads: 0,
    plugin: {
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') counter.reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    } satisfies KyselyPlugin,
  };
  return counter;
}
