import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { flagRoutes } from './flags.routes.ts';
import type { ScanCapture } from './scan-capture.ts';
import { screenshotRoutes } from './screenshots.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Browser pool, screenshot storage, scan locations and user agents for the scan service. */
    scanCapture: ScanCapture;
  }
}

/** Decorates `app.scanCapture` with the assembly's and serves `/screenshots/` and `/flags/`. */
export const scanCapturePlugin = fp<{ capture: ScanCapture }>(
  async (app: FastifyInstance, { capture }) => {
    app.decorate('scanCapture', capture);
    await app.register(screenshotRoutes, { prefix: '/screenshots', store: capture.screenshots });
    await app.register(flagRoutes, { prefix: '/flags' });
  },
  { name: 'scan-capture' },
);
