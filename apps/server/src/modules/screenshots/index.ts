// The screenshots module's public face: the browser stage, scan locations and screenshot store
// (`app.scanCapture`), and a worker's own copy of them.
export { createScanCapture, type ScanCapture, type ScanEnvironment } from './scan-capture.ts';
export { scanCapturePlugin, type ScanCapturePluginOptions } from './scan-capture.plugin.ts';
