import type { Capture, ViewerView } from '@riskscan/contracts';
import { pageHtml, type Collected } from '../collect/collected.ts';
import { redirectChain } from '../collect/redirect-chain.ts';
import { parsePage, type FormInput } from '../page/page-facts.ts';
import type { ViewerSetting } from '../scan-options.ts';

/** One viewer's view with the HTML it read, which the comparison needs and the report leaves out. */
export interface SeenPage {
  view: ViewerView;
  html: string | null;
}

export const viewerLabel = (device: ViewerSetting['device'], country: string | null) =>
  `${device === 'phone' ? 'Phone' : 'Desktop'} from ${country ?? 'the server'}`;

// Fields a visitor never types into say nothing about what the page asks for.
const UNASKED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

/** What a field asks for, as a person reads the page: its label, else its placeholder, name or type. */
const asked = (input: FormInput) =>
  (input.label || input.placeholder || input.name || input.type).replace(/\s+/g, ' ').trim().toLowerCase();

const asksOf = (inputs: readonly FormInput[]) => inputs.filter((input) => !UNASKED_TYPES.has(input.type)).map(asked);

/** What a viewer was shown, from the static fetch and (when it ran) the browser's render of its visit. */
export function seenPage(setting: ViewerSetting, collected: Collected, capture: Capture | undefined): SeenPage {
  const html = pageHtml(collected);
  const reached = collected.rendered !== null || collected.failure === null;
  const finalUrl = reached ? (collected.rendered?.finalUrl ?? collected.finalUrl) : null;
  const page = html !== null && finalUrl !== null ? parsePage(html, finalUrl) : null;
  const forms = (page?.forms ?? []).map((form) => ({ action: form.action, asks: asksOf(form.inputs) }));
  const loose = asksOf(page?.looseInputs ?? []);
  if (loose.length > 0) forms.push({ action: null, asks: loose });
  return {
    html,
    view: {
      label: viewerLabel(setting.device, setting.country),
      device: setting.device,
      country: setting.country,
      user_agent: setting.userAgent,
      final_url: finalUrl,
      status: collected.response?.status ?? null,
      title: capture?.title ?? (page?.title || null),
      forms: forms.filter((form) => form.asks.length > 0),
      redirect_chain: redirectChain(collected, capture),
      screenshot_link: collected.rendered?.screenshot ?? null,
      screenshot_phash: capture?.screenshot_phash ?? null,
      error: reached ? null : (collected.failure?.message ?? null),
    },
  };
}
