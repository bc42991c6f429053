export { normalizeScanUrl } from './url/normalize-scan-url.ts';
