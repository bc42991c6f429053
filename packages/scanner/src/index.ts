export { normalizeScanUrl } from './url/normalize-scan-url.ts';
export * from './intel/index.ts';
export * from './brand/index.ts';
export * from './verdict/index.ts';
