import { SCREENSHOT_NAME_PATTERN, screenshotFileName, type ScreenshotStore } from './screenshot-store.ts';
import type { S3Objects } from './s3-objects.ts';

/** Objects sit under this prefix, so a bucket shared with other data keeps them apart. */
const KEY_PREFIX = 'screenshots/';

/**
 * Stores screenshots as objects named by their content hash. The bucket stays private: results
 * link to our own `/screenshots/{name}` route (`linkFor`), which reads the object back, so links
 * and caching behave as with files and no bucket URL or signature ever reaches a visitor.
 */
export function s3ScreenshotStore(objects: S3Objects, linkFor: (fileName: string) => string): ScreenshotStore {
  return {
    async save(image) {
      const name = screenshotFileName(image);
      await objects.put(`${KEY_PREFIX}${name}`, image, { 'content-type': 'image/webp' });
      return linkFor(name);
    },
    async read(name) {
      if (!SCREENSHOT_NAME_PATTERN.test(name)) return null;
      return objects.get(`${KEY_PREFIX}${name}`);
    },
  };
}
