// The screenshots module's public face: the browser stage, scan locations and screenshot store
// (`createScanCapture`, built once by the assembly), and their routes.
export { createScanCapture, type ScanCapture, type ScanEnvironment } from './scan-capture.ts';
export { scanCapturePlugin } from './scan-capture.plugin.ts';
