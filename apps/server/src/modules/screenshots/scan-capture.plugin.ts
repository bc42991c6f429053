import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { flagRoutes } from './flags.routes.ts';
import { createScanCapture, type ScanCapture } from './scan-capture.ts';
import { screenshotRoutes } from './screenshots.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Browser pool, screenshot storage, scan locations and user agents for the scan service. */
    scanCapture: ScanCapture;
  }
}

export type ScanCapturePluginOptions = Pick<Config, 'browser' | 'scanLocation'>;

/** Decorates `app.scanCapture`, serves `/screenshots/` and `/flags/`, and closes the browser with the app. */
export const scanCapturePlugin = fp<ScanCapturePluginOptions>(
  async (app: FastifyInstance, options) => {
    const capture = createScanCapture(options, app.log);
    await capture.ready();
    app.decorate('scanCapture', capture);
    app.addHook('onClose', () => capture.close());
    await app.register(screenshotRoutes, { prefix: '/screenshots', store: capture.screenshots });
    await app.register(flagRoutes, { prefix: '/flags' });
  },
  { name: 'scan-capture' },
);
