import type { Capture } from '@riskscan/contracts';
import { collectStatic } from '../collect/collect-static.ts';
import type { GuardedFetchOptions } from '../net/guarded-fetch.ts';
import type { RenderStage, ViewerSetting } from '../scan-options.ts';
import { seenPage, type SeenPage } from './viewer-view.ts';

/**
 * Opens `url` as one more viewer: the static fetch and (when there is one) the browser, both with
 * the viewer's agent and leaving through its country's proxy, behind the same egress guard.
 */
export async function viewAs(
  url: string,
  setting: ViewerSetting,
  fetchOptions: GuardedFetchOptions,
  render: RenderStage | undefined,
  now: Date,
): Promise<SeenPage> {
  const options = { ...fetchOptions, userAgent: setting.userAgent, upstreamProxyUrl: setting.upstreamProxyUrl };
  const collected = await collectStatic(url, { ...options, now });
  let capture: Capture | undefined;
  if (render && !collected.failure) {
    const outcome = await render(collected, options);
    collected.rendered = outcome?.html === undefined ? null : outcome;
    capture = outcome?.capture;
  }
  return seenPage(setting, collected, capture);
}
