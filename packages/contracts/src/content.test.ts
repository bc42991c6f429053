import { describe, expect, it } from 'vitest';
import {
  blogCommentSchema,
  blogPostSchema,
  categorySchema,
  cmsPageSchema,
  createCommentSchema,
  mediaSchema,
  postsQuerySchema,
} from './content.ts';

/**
 * Answers as a stock WordPress 6 site gives them (trimmed of `_links`), so the web app's reader
 * schemas are known to accept a real WordPress when `CMS_URL` points at one.
 */
const wordpressPost = {
  id: 412,
  date: '2024-05-02T09:14:11',
  date_gmt: '2024-05-02T07:14:11',
  guid: { rendered: 'https://blog.example.com/?p=412' },
  modified: '2024-05-03T10:00:00',
  modified_gmt: '2024-05-03T08:00:00',
  slug: 'quishing-on-the-rise',
  status: 'publish',
  type: 'post',
  link: 'https://blog.example.com/2024/05/02/quishing-on-the-rise/',
  title: { rendered: 'Quishing on the rise &#8211; what to do' },
  content: { rendered: '<p>QR codes&#8230;</p>\n', protected: false },
  excerpt: { rendered: '<p>QR codes&#8230;</p>\n', protected: false },
  author: 3,
  featured_media: 419,
  comment_status: 'open',
  ping_status: 'open',
  sticky: false,
  template: '',
  format: 'standard',
  meta: { footnotes: '' },
  categories: [15],
  tags: [7, 9],
  class_list: ['post-412', 'post', 'type-post', 'status-publish'],
};

const wordpressPage = {
  id: 88,
  date: '2024-01-10T12:00:00',
  slug: 'faq',
  status: 'publish',
  type: 'page',
  title: { rendered: 'FAQ' },
  content: { rendered: '<h2>Questions</h2>', protected: false },
  parent: 0,
  menu_order: 0,
  template: '',
};

const wordpressMedia = {
  id: 419,
  slug: 'qr-sticker',
  type: 'attachment',
  guid: { rendered: 'https://blog.example.com/wp-content/uploads/2024/05/qr-sticker.png' },
  media_type: 'image',
  mime_type: 'image/png',
  source_url: 'https://blog.example.com/wp-content/uploads/2024/05/qr-sticker.png',
  media_details: { width: 1200, height: 630, file: '2024/05/qr-sticker.png', sizes: {} },
};

const wordpressCategory = {
  id: 15,
  count: 12,
  description: '',
  link: 'https://blog.example.com/category/news/',
  name: 'News',
  slug: 'news',
  taxonomy: 'category',
  parent: 0,
  meta: [],
};

const wordpressComment = {
  id: 77,
  post: 412,
  parent: 0,
  author: 0,
  author_name: 'Ana',
  author_url: 'https://keller.example',
  date: '2024-05-04T08:00:00',
  date_gmt: '2024-05-04T06:00:00',
  content: { rendered: '<p>Thanks!</p>\n' },
  link: 'https://blog.example.com/2024/05/02/quishing-on-the-rise/#comment-77',
  status: 'approved',
  type: 'comment',
  author_avatar_urls: { '24': 'https://secure.gravatar.com/avatar/x?s=24' },
};

describe('reader schemas accept a real WordPress', () => {
  it.each([
    ['post', blogPostSchema, wordpressPost],
    ['page', cmsPageSchema, wordpressPage],
    ['media', mediaSchema, wordpressMedia],
    ['category', categorySchema, wordpressCategory],
    ['comment', blogCommentSchema, wordpressComment],
  ] as const)('%s', (_name, schema, answer) => {
    expect(schema.safeParse(answer).success).toBe(true);
  });

  it('notices a missing field the web app reads', () => {
    const { featured_media: _dropped, ...withoutImage } = wordpressPost;
    expect(blogPostSchema.safeParse(withoutImage).success).toBe(false);
  });
});

describe('request schemas', () => {
  it('reads category ids as WordPress does: one, a comma list, or repeated', () => {
    expect(postsQuerySchema.parse({ categories: '15' }).categories).toEqual([15]);
    expect(postsQuerySchema.parse({ categories: '15,16' }).categories).toEqual([15, 16]);
    expect(postsQuerySchema.parse({ categories: ['15', '16'] }).categories).toEqual([15, 16]);
    expect(postsQuerySchema.safeParse({ categories: 'news' }).success).toBe(false);
    expect(postsQuerySchema.parse({})).toEqual({ page: 1, per_page: 10 });
  });

  it('trims comment fields and defaults the company to empty', () => {
    expect(createCommentSchema.parse({ author_name: ' Ana ', author_email: ' ana@example.test ', content: ' Hi ' })).toEqual({
      author_name: 'Ana',
      author_email: 'ana@example.test',
      author_url: '',
      content: 'Hi',
    });
  });
});
