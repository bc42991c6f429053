import type { Capture } from '@riskscan/contracts';
import { directoryScreenshotStore } from '../capture/screenshot-store.ts';
import type { RenderStage } from '../scan-options.ts';
import { createBrowserPool } from './browser-pool.ts';
import { createBrowserRenderStage } from './browser-render-stage.ts';
import { findChromium } from './chromium-path.ts';

export interface CliCapture {
  /** The browser stage for this run; it reports by itself when no Chromium is there. */
  render: RenderStage;
  close(): Promise<void>;
}

/**
 * The `scan` command's browser: one context, screenshots saved as files in `screenshotDir` (the
 * result's links are their paths), messages to stderr so `--json` output stays clean.
 */
export function cliCapture(options: { chromiumPath?: string | null; screenshotDir: string; cloaking?: boolean }): CliCapture {
  const log = (message: string) => console.error(message);
  const executablePath = findChromium(options.chromiumPath);
  const pool = executablePath ? createBrowserPool({ executablePath, size: 1, log }) : null;
  return {
    render: createBrowserRenderStage({
      pool,
      screenshots: directoryScreenshotStore(options.screenshotDir),
      cloaking: options.cloaking ?? true,
      log,
    }),
    close: async () => {
      await pool?.close();
    },
  };
}

/** The capture part of the CLI's readable summary. */
export function formatCapture(capture: Capture | undefined): string[] {
  if (!capture) return [];
  const blocked = capture.requests.filter((request) => request.blocked).length;
  const lines = [
    `Browser:    ${capture.status} in ${(capture.duration_ms / 1000).toFixed(1)} s: ${capture.message}`,
    `Screenshot: ${capture.screenshot ?? 'none'}`,
  ];
  if (capture.status === 'unavailable' || capture.status === 'skipped') return lines;
  lines.push(
    `Title:      ${capture.title ?? 'none'}`,
    `Requests:   ${capture.requests.length}${blocked > 0 ? ` (${blocked} blocked)` : ''}, redirects ${capture.redirects.length}, cookies ${capture.cookies.length}, console errors ${capture.console_errors.length}`,
  );
  for (const download of capture.downloads)
    lines.push(`Download:   ${download.file_name} (${download.mime_type}, ${download.size} bytes, sha256 ${download.sha256})`);
  if (capture.popups.length > 0 || capture.dialogs > 0) lines.push(`Popups:     ${capture.popups.length}, dialogs ${capture.dialogs}`);
  return lines;
}
