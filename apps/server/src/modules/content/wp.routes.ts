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
import type { CommentsService } from './comments.service.ts';
import type { ContentService, WpPage } from './content.service.ts';
import { presentCategory, presentComment, presentMedia, presentPage, presentPost, type SiteUrls } from './wp-presenter.ts';

export type WpRoutesOptions = { content: ContentService; comments: CommentsService; urls: SiteUrls };

/** Per client IP; a person writes a handful of comments in ten minutes, a bot hundreds. */
const COMMENT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' };

/** WordPress reports list totals in headers. */
function pageHeaders(reply: FastifyReply, list: WpPage<unknown>): void {
  reply.header(WP_TOTAL_HEADER, String(list.total)).header(WP_TOTAL_PAGES_HEADER, String(list.totalPages));
}

/** The web app calls some paths with a trailing slash (`comments/?post=`), WordPress answers both. */
const bothSlashes = (path: string) => [path, `${path}/`];

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
        const list = await content.entries({
          type: 'post',
          page: query.page,
          perPage: query.per_page,
          slug: query.slug,
          search: query.search,
          categoryIds: query.categories,
          excludeIds: query.exclude,
        });
        pageHeaders(reply, list);
        return list.rows.map((row) => presentPost(row, urls));
      },
    );
  }

  for (const url of bothSlashes('/posts/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpPostSchema } } }, async (request) => {
      return presentPost(await content.entry('post', request.params.id), urls);
    });
  }

  for (const url of bothSlashes('/pages')) {
    app.get(
      url,
      { schema: { summary: 'Content pages', querystring: pagesQuerySchema, response: { 200: z.array(wpPageSchema) } } },
      async (request, reply) => {
        const query = request.query;
        const list = await content.entries({ type: 'page', page: query.page, perPage: query.per_page, slug: query.slug });
        pageHeaders(reply, list);
        return list.rows.map((row) => presentPage(row, urls));
      },
    );
  }

  for (const url of bothSlashes('/pages/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpPageSchema } } }, async (request) => {
      return presentPage(await content.entry('page', request.params.id), urls);
    });
  }

  for (const url of bothSlashes('/media/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpMediaSchema } } }, async (request) => {
      return presentMedia(await content.media(request.params.id), urls);
    });
  }

  for (const url of bothSlashes('/categories')) {
    app.get(url, { schema: { response: { 200: z.array(wpCategorySchema) } } }, async (_request, reply) => {
      const list = await content.categories();
      pageHeaders(reply, list);
      return list.rows.map((row) => presentCategory(row, urls));
    });
  }

  for (const url of bothSlashes('/categories/:id')) {
    app.get(url, { schema: { params: wpIdParamsSchema, response: { 200: wpCategorySchema } } }, async (request) => {
      return presentCategory(await content.category(request.params.id), urls);
    });
  }

  for (const url of bothSlashes('/comments')) {
    app.get(
      url,
      { schema: { summary: 'Approved comments', querystring: commentsQuerySchema, response: { 200: z.array(wpCommentSchema) } } },
      async (request, reply) => {
        const query = request.query;
        const list = await comments.listApproved(query);
        pageHeaders(reply, list);
        return list.rows.map((row) => presentComment(row, urls));
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
