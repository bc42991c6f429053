import {
  commentsQuerySchema,
  createCommentQuerySchema,
  createCommentSchema,
  pagesQuerySchema,
  postsQuerySchema,
  WP_TOTAL_HEADER,
  WP_TOTAL_PAGES_HEADER,
  wpCategorySchema,
  wpCommentSchema,
  wpIdParamsSchema,
  wpMediaSchema,
  wpPageSchema,
  wpPostSchema,
} from '@riskscan/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import type { CommentsService } from './comments.service.ts';
import type { ContentRepository } from './content.repository.ts';
import { presentCategory, presentComment, presentMedia, presentPage, presentPost, type SiteUrls } from './wp-presenter.ts';

export type WpRoutesOptions = { content: ContentRepository; comments: CommentsService; urls: SiteUrls };

/** Per client IP; a person writes a handful of comments in ten minutes, a bot hundreds. */
const COMMENT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' };

/** WordPress reports list totals in headers and refuses pages past the end. */
function pageHeaders(reply: FastifyReply, page: number, perPage: number, total: number): void {
  const totalPages = Math.ceil(total / perPage);
  if (page > 1 && page > totalPages)
    throw new HttpError(400, { detail: 'The page number requested is larger than the number of pages available.' });
  reply.header(WP_TOTAL_HEADER, String(total)).header(WP_TOTAL_PAGES_HEADER, String(totalPages));
}

/** The web app calls some paths with a trailing slash (`comments/?post=`), WordPress answers both. */
const bothSlashes = (path: string) => [path, `${path}/`];

const notFound = (what: string) => new HttpError(404, { detail: `Invalid ${what} ID.` });

/** WordPress REST v2 for the blog and content pages (SPEC §7): `/wp-json/wp/v2/...`. */
export const wpRoutes: FastifyPluginAsyncZod<WpRoutesOptions> = async (app, { content, comments, urls }) => {
  // One counter for both spellings of the path, so a trailing slash does not double the allowance.
  const commentRateLimit = app.rateLimit(COMMENT_RATE_LIMIT);

  for (const url of bothSlashes('/posts')) {
    app.get(
      url,
      { schema: { summary: 'Blog posts, newest first', querystring: postsQuerySchema, response: { 200: z.array(wpPostSchema) } } },
      async (request, reply) => {
        const query = request.query;
        const { rows, total } = await content.listEntries({
          type: 'post',
          page: query.page,
          perPage: query.per_page,
          slug: query.slug,
          search: query.search,
          categoryIds: query.categories,
          excludeIds: query.exclude,
        });
        pageHeaders(reply, query.page, query.per_page, total);
        return rows.map((row) => presentPost(row, urls));
      },
    );
  }

  for (const url of bothSlashes('/posts/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpPostSchema } } }, async (request) => {
      const row = await content.findEntry('post', request.params.id);
      if (!row) throw notFound('post');
      return presentPost(row, urls);
    });
  }

  for (const url of bothSlashes('/pages')) {
    app.get(
      url,
      { schema: { summary: 'Content pages', querystring: pagesQuerySchema, response: { 200: z.array(wpPageSchema) } } },
      async (request, reply) => {
        const query = request.query;
        const { rows, total } = await content.listEntries({ type: 'page', page: query.page, perPage: query.per_page, slug: query.slug });
        pageHeaders(reply, query.page, query.per_page, total);
        return rows.map((row) => presentPage(row, urls));
      },
    );
  }

  for (const url of bothSlashes('/pages/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpPageSchema } } }, async (request) => {
      const row = await content.findEntry('page', request.params.id);
      if (!row) throw notFound('page');
      return presentPage(row, urls);
    });
  }

  for (const url of bothSlashes('/media/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpMediaSchema } } }, async (request) => {
      const row = await content.findMedia(request.params.id);
      if (!row) throw notFound('attachment');
      return presentMedia(row, urls);
    });
  }

  for (const url of bothSlashes('/categories')) {
    app.get(url, { schema: { response: { 200: z.array(wpCategorySchema) } } }, async (_request, reply) => {
      const rows = await content.listCategories();
      pageHeaders(reply, 1, Math.max(rows.length, 1), rows.length);
      return rows.map((row) => presentCategory(row, urls));
    });
  }

  for (const url of bothSlashes('/categories/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpCategorySchema } } }, async (request) => {
      const row = (await content.listCategories()).find((category) => category.id === request.params.id);
      if (!row) throw new HttpError(404, { detail: 'Term does not exist.' });
      return presentCategory(row, urls);
    });
  }

  for (const url of bothSlashes('/comments')) {
    app.get(
      url,
      { schema: { summary: 'Approved comments', querystring: commentsQuerySchema, response: { 200: z.array(wpCommentSchema) } } },
      async (request, reply) => {
        const query = request.query;
        const { rows, total } = await comments.listApproved(query);
        pageHeaders(reply, query.page, query.per_page, total);
        return rows.map((row) => presentComment(row, urls));
      },
    );
  }

  for (const url of bothSlashes('/comments')) {
    app.post(
      url,
      {
        onRequest: commentRateLimit,
        schema: {
          summary: 'Leave a comment; links are checked and doubtful comments wait for a moderator',
          querystring: createCommentQuerySchema,
          body: createCommentSchema,
          response: { 201: wpCommentSchema },
        },
      },
      async (request, reply) => {
        const created = await comments.submit(request.query.post ?? request.body.post, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return reply.status(201).send(presentComment(created, urls));
      },
    );
  }
};
