import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { imageInfo, type ImageInfo } from './image-info.ts';

/**
 * The `content/` folder, the source of truth of the built-in CMS:
 *   pages/*.md   front matter: title, slug, route, menu_order, date, modified?
 *   posts/*.md   front matter: title, slug, date, modified?, category, image, image_alt, excerpt?, comments?
 *   media/*      images (SVG, PNG) that posts reference by file name
 */

const isoDate = z
  .union([z.string(), z.date()])
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'must be a date such as 2024-05-01T09:00:00Z');

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens');

const pageFrontMatter = z.object({
  title: z.string().min(1),
  slug,
  route: z.string().startsWith('/'),
  menu_order: z.number().int().default(0),
  date: isoDate,
  modified: isoDate.optional(),
});

const postFrontMatter = z.object({
  title: z.string().min(1),
  slug,
  date: isoDate,
  modified: isoDate.optional(),
  category: z.enum(['news', 'features']),
  image: z.string().regex(/^[\w.-]+\.(svg|png)$/, 'must be a file name in content/media'),
  image_alt: z.string().min(1),
  excerpt: z.string().optional(),
  comments: z.enum(['open', 'closed']).default('open'),
});

export type SourcePage = z.infer<typeof pageFrontMatter> & { body: string };
export type SourcePost = z.infer<typeof postFrontMatter> & { body: string };
export type SourceMedia = ImageInfo & { file: string };
export type ContentSource = { pages: SourcePage[]; posts: SourcePost[]; media: SourceMedia[] };

export class ContentSourceError extends Error {}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Splits a Markdown file into its YAML front matter and body. */
export function splitFrontMatter(text: string, file: string): { data: unknown; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new ContentSourceError(`${file}: missing front matter between --- lines`);
  try {
    return { data: parseYaml(match[1] ?? ''), body: (match[2] ?? '').trim() };
  } catch (error) {
    throw new ContentSourceError(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function parseEntry<T extends z.ZodType>(schema: T, text: string, file: string): z.infer<T> & { body: string } {
  const { data, body } = splitFrontMatter(text, file);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ContentSourceError(`${file}: ${problems}`);
  }
  return { ...(parsed.data as z.infer<T> & object), body };
}

async function filesIn(dir: string, extensions: string[]): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => extensions.includes(path.extname(name).toLowerCase())).sort();
}

function assertUniqueSlugs(entries: { slug: string }[], kind: string): void {
  const seen = new Set<string>();
  for (const { slug: entrySlug } of entries) {
    if (seen.has(entrySlug)) throw new ContentSourceError(`two ${kind} share the slug "${entrySlug}"`);
    seen.add(entrySlug);
  }
}

/** Reads and checks the whole folder; a broken file stops the import with its name and problem. */
export async function readContentSource(contentDir: string): Promise<ContentSource> {
  const read = (sub: string, name: string) => readFile(path.join(contentDir, sub, name), 'utf8');
  const pages = await Promise.all(
    (await filesIn(path.join(contentDir, 'pages'), ['.md'])).map(async (name) =>
      parseEntry(pageFrontMatter, await read('pages', name), `pages/${name}`),
    ),
  );
  const posts = await Promise.all(
    (await filesIn(path.join(contentDir, 'posts'), ['.md'])).map(async (name) =>
      parseEntry(postFrontMatter, await read('posts', name), `posts/${name}`),
    ),
  );
  const media = await Promise.all(
    (await filesIn(path.join(contentDir, 'media'), ['.svg', '.png'])).map(async (file) => ({
      file,
      ...imageInfo(file, await readFile(path.join(contentDir, 'media', file))),
    })),
  );
  assertUniqueSlugs(pages, 'pages');
  assertUniqueSlugs(posts, 'posts');
  const mediaFiles = new Set(media.map((item) => item.file));
  for (const post of posts) {
    if (!mediaFiles.has(post.image)) throw new ContentSourceError(`posts/${post.slug}: image ${post.image} is not in media/`);
  }
  return { pages, posts, media };
}
