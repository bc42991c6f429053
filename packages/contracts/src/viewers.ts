import { z } from 'zod';

/** Most other viewers one scan may ask for: each one is a page load and counts as a scan of the quota. */
export const MAX_OTHER_VIEWERS = 3;

/** Who else should open the page (issue 38 item 3): a device, and a configured egress country or the scan's own. */
export const viewerRequestSchema = z.object({
  device: z.enum(['desktop', 'phone'], 'A viewer is "desktop" or "phone".'),
  /** A country of `GET /scan-options/`'s `proxies`; null: from where the scan itself leaves. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a country code is two letters')
    .nullable()
    .default(null),
});
export type ViewerRequest = z.infer<typeof viewerRequestSchema>;

export const viewerRequestsSchema = z
  .array(viewerRequestSchema)
  .max(MAX_OTHER_VIEWERS, `Ask for at most ${MAX_OTHER_VIEWERS} other viewers.`);

/** `viewers` of `GET /check-url/`: each viewer as `device` or `device:CC`, comma-separated, e.g. `phone,desktop:DE`. */
export const viewersParamSchema = z
  .string()
  .max(100)
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part): z.input<typeof viewerRequestSchema> => {
        const [device, country] = part.split(':');
        // Typed as a device here; the pipe below refuses one that is none, with its message.
        return { device: device as ViewerRequest['device'], country: country ?? null };
      }),
  )
  .pipe(viewerRequestsSchema);

/** The `viewers` query value for a list of viewers (the inverse of `viewersParamSchema`). */
export const viewersParam = (viewers: readonly ViewerRequest[]) =>
  viewers.map((viewer) => (viewer.country ? `${viewer.device}:${viewer.country}` : viewer.device)).join(',');

/** A form as one viewer saw it: where it posts and what it asks for, by field. */
export const viewerFormSchema = z.object({
  action: z.string().nullable(),
  /** What each field asks for, as the page names it (label, placeholder, name or type). */
  asks: z.array(z.string()),
});

/** What one viewer was shown. */
export const viewerViewSchema = z.object({
  /** e.g. "Desktop from Germany", "Phone from here". */
  label: z.string(),
  device: z.enum(['desktop', 'phone']),
  country: z.string().nullable(),
  user_agent: z.string(),
  final_url: z.string().nullable(),
  status: z.number().int().nullable(),
  title: z.string().nullable(),
  forms: z.array(viewerFormSchema),
  redirect_chain: z.array(z.string()),
  screenshot_link: z.string().nullable(),
  /** Perceptual hash of the screenshot (16 hex digits); null without one. */
  screenshot_phash: z.string().nullable(),
  /** Why this viewer saw nothing, when it did not. */
  error: z.string().nullable(),
});
export type ViewerView = z.infer<typeof viewerViewSchema>;

/** One viewer set against the first (the scan itself), in plain language. */
export const viewerComparisonSchema = z.object({
  view: viewerViewSchema,
  /** Each difference as a sentence; empty when this viewer saw the same page. */
  differences: z.array(z.string()),
  /** Screenshot distance to the first viewer's: differing bits of 64; null when either has no screenshot. */
  screenshot_distance: z.number().int().min(0).max(64).nullable(),
  /** True when the difference makes it another page, not a layout of the same one. */
  cloaking: z.boolean(),
});
export type ViewerComparison = z.infer<typeof viewerComparisonSchema>;

/** `viewers` of a scan report: the scan's own view first, then each other viewer compared with it. */
export const viewersResultSchema = z.object({
  first: viewerViewSchema,
  others: z.array(viewerComparisonSchema),
  /** True when any other viewer was shown another page. */
  cloaking: z.boolean(),
  /** One sentence for the report: who was shown what. */
  summary: z.string(),
});
export type ViewersResult = z.infer<typeof viewersResultSchema>;
