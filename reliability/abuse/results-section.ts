/** The heading of `scans.ts`'s section of RESULTS.md: `run.ts` keeps everything from it on when it rewrites the file. */
export const SCANS_SECTION = '## Scans, callbacks and search (npm run reliability:abuse:scans)';
