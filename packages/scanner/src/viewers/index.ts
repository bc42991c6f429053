export { viewAs } from './view-as.ts';
export { compareViewer, compareViewers, SCREENSHOT_DISTANCE_LIMIT } from './viewer-comparison.ts';
export { seenPage, viewerLabel, type SeenPage } from './viewer-view.ts';
export type { ViewerSetting } from '../scan-options.ts';
