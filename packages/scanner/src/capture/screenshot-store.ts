import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where screenshots go; `save` answers with the link the result carries, `read` gives a stored one back by file name. */
export interface ScreenshotStore {
  save(image: Buffer): Promise<string>;
  /** The image stored under `name` (a `screenshotFileName`), null when there is none. */
  read(name: string): Promise<Buffer | null>;
}

/** Screenshot files are named by their content, so a link never changes meaning and can be cached for good. */
export const screenshotFileName = (image: Buffer) => `${createHash('sha256').update(image).digest('hex').slice(0, 40)}.webp`;

export const SCREENSHOT_NAME_PATTERN = /^[0-9a-f]{40}\.webp$/;

/**
 * Stores screenshots as files in `dir` (the server's `DATA_DIR/screenshots`, or the CLI's folder).
 * `linkFor` turns a file name into what the result carries: a path by default, a URL on the server.
 */
export function directoryScreenshotStore(
  dir: string,
  linkFor: (fileName: string) => string = (name) => path.join(dir, name),
): ScreenshotStore {
  let ready: Promise<unknown> | null = null;
  return {
    async save(image) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const name = screenshotFileName(image);
      // Written aside then renamed: a reader never sees half a file.
      const partial = path.join(dir, `.${name}.${process.pid}.part`);
      await writeFile(partial, image);
      await rename(partial, path.join(dir, name));
      return linkFor(name);
    },
    async read(name) {
      // Only content-hash names: nothing else in the folder, and no path, can be asked for.
      if (!SCREENSHOT_NAME_PATTERN.test(name)) return null;
      try {
        return await readFile(path.join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
