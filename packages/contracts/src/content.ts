import { z } from 'zod';

/**
 * The blog CMS speaks WordPress REST v2 (SPEC §7, DESIGN §7). Two layers of schema:
 * - reader schemas hold only what the web app reads (SPEC §3 Blog post, Blog comment, CMS page,
 *   media, category). They are not strict, so a real WordPress (`CMS_URL`) with its many extra
 *   fields passes them too; the web app parses with these.
 * - `wp*` schemas extend them with the WordPress fields our built-in CMS also serves.
 */

export const NEWS_CATEGORY_ID = 15;
export const FEATURES_CATEGORY_ID = 16;
/** WordPress's default category; the blog hides its label (SPEC §2 Blog detail). */
export const UNCATEGORIZED_CATEGORY_ID = 1;

/** Blog page size (SPEC §9). */
export const BLOG_PAGE_SIZE = 5;

/** Response headers WordPress uses to report totals of a list. */
export const WP_TOTAL_HEADER = 'x-wp-total';
export const WP_TOTAL_PAGES_HEADER = 'x-wp-totalpages';

const rendered = z.object({ rendered: z.string() });

export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: rendered,
  content: rendered,
  excerpt: rendered,
  date: z.string(),
  modified: z.string(),
  /** A media id (0 when none), resolved through `media/{id}`. */
  featured_media: z.number().int(),
  categories: z.array(z.number().int()),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const cmsPageSchema = z.object({ id: z.number().int(), slug: z.string(), title: rendered, content: rendered });
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const mediaSchema = z.object({ id: z.number().int(), guid: rendered });
export type Media = z.infer<typeof mediaSchema>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** The e-mail is write-only, as in WordPress: comments are public, addresses are not. */
export const blogCommentSchema = z.object({
  id: z.number().int(),
  post: z.number().int(),
  author_name: z.string(),
  /** Labelled Company in the form (SPEC §3); free text or a site address. */
  author_url: z.string(),
  content: rendered,
  date: z.string(),
});

const wpDates = { date_gmt: z.string(), modified_gmt: z.string() };

export const wpPostSchema = blogPostSchema.extend({
  ...wpDates,
  guid: rendered,
  status: z.literal('publish'),
  type: z.literal('post'),
  link: z.string(),
  author: z.number().int(),
  comment_status: z.enum(['open', 'closed']),
  ping_status: z.literal('closed'),
  sticky: z.boolean(),
  format: z.literal('standard'),
  tags: z.array(z.number().int()),
  content: rendered.extend({ protected: z.boolean() }),
  excerpt: rendered.extend({ protected: z.boolean() }),
});
export type WpPost = z.infer<typeof wpPostSchema>;

export const wpPageSchema = cmsPageSchema.extend({
  ...wpDates,
  date: z.string(),
  modified: z.string(),
  guid: rendered,
  status: z.literal('publish'),
  type: z.literal('page'),
  link: z.string(),
  parent: z.number().int(),
  menu_order: z.number().int(),
  featured_media: z.number().int(),
  content: rendered.extend({ protected: z.boolean() }),
  excerpt: rendered.extend({ protected: z.boolean() }),
});
export type WpPage = z.infer<typeof wpPageSchema>;

export const wpMediaSchema = mediaSchema.extend({
  date: z.string(),
  slug: z.string(),
  type: z.literal('attachment'),
  title: rendered,
  alt_text: z.string(),
  media_type: z.literal('image'),
  mime_type: z.string(),
  source_url: z.string(),
  media_details: z.object({ width: z.number().int(), height: z.number().int(), file: z.string() }),
});
export type WpMedia = z.infer<typeof wpMediaSchema>;

export const wpCategorySchema = categorySchema.extend({
  count: z.number().int(),
  description: z.string(),
  link: z.string(),
  slug: z.string(),
  taxonomy: z.literal('category'),
  parent: z.number().int(),
});
export type WpCategory = z.infer<typeof wpCategorySchema>;

/** `hold` is a comment waiting for moderation; only the poster ever sees it. */
export const wpCommentSchema = blogCommentSchema.extend({
  parent: z.number().int(),
  date_gmt: z.string(),
  link: z.string(),
  status: z.enum(['approved', 'hold']),
  type: z.literal('comment'),
});
export type WpComment = z.infer<typeof wpCommentSchema>;

/** Ids and pages are PostgreSQL integers: past 2^31 - 1 nothing can match, so it is bad input, not a lookup. */
const PG_INT_MAX = 2_147_483_647;
const positiveInt = z.coerce.number().int().positive().max(PG_INT_MAX);
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== '')
      .map(Number),
  )
  .refine(
    (ids) => ids.length <= 20 && ids.every((id) => Number.isInteger(id) && id > 0 && id <= PG_INT_MAX),
    'Expected a comma-separated list of ids.',
  );

export const wpListQuerySchema = z.object({
  page: positiveInt.default(1),
  per_page: positiveInt.max(100).default(10),
});

export const postsQuerySchema = wpListQuerySchema.extend({
  categories: idList.optional(),
  /** Posts to leave out, e.g. the one a Related Posts column sits beside. */
  exclude: idList.optional(),
  slug: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
});

export const pagesQuerySchema = wpListQuerySchema.extend({
  per_page: positiveInt.max(100).default(100),
  slug: z.string().trim().max(200).optional(),
});

export const commentsQuerySchema = wpListQuerySchema.extend({
  post: positiveInt.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

export const wpIdParamsSchema = z.object({ id: positiveInt });

/**
 * A hidden field the comment form renders off-screen: people leave it empty, form-filling bots do
 * not. A comment that fills it is kept as spam and never shown.
 */
export const COMMENT_HONEYPOT_FIELD = 'website';

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

const emailAddress = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'));

/**
 * The scheme a browser would read at the start of a link (it drops tabs and line breaks first),
 * or null: `javascript:` and `data:` must never reach an `href`, while a company name may be text.
 */
const linkScheme = (text: string) => /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text.replace(/[\t\n\r]/g, ''))?.[1]?.toLowerCase() ?? null;

/** SPEC §5 Company (`author_url`): a name, or a link; a link only over http(s). */
const companyField = z
  .string()
  .trim()
  .max(200, 'Please keep this under 200 characters.')
  .refine((text) => [null, 'http', 'https'].includes(linkScheme(text)), 'Please enter a web address starting with http:// or https://.')
  .default('');

/** POST comments?post={id} (SPEC §5: name, email and comment required; company optional). */
export const createCommentSchema = z.object({
  post: positiveInt.optional(),
  author_name: requiredText('Name is required.', 100),
  author_email: emailAddress,
  author_url: companyField,
  content: requiredText('Comment is required.', 5000),
  [COMMENT_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type CreateComment = z.infer<typeof createCommentSchema>;

export const createCommentQuerySchema = z.object({ post: positiveInt.optional() });

/** POST /contactform (SPEC §3, §5: all four required, a valid e-mail). */
export const contactFormSchema = z.object({
  name: requiredText('Name is required.', 200),
  email: emailAddress,
  subject: requiredText('Subject is required.', 200),
  message: requiredText('Message is required.', 10_000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const contactFormResponseSchema = z.object({ detail: z.string() });
