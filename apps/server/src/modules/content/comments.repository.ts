import type { Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Page } from './content.repository.ts';

/** `pending` waits for a moderator; `spam` filled the honeypot; only `approved` is ever listed. */
export const COMMENT_STATUSES = ['approved', 'pending', 'spam', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export type ContentCommentsTable = {
  id: Generated<number>;
  post_id: number;
  author_name: string;
  author_email: string;
  author_url: string;
  content_text: string;
  content_html: string;
  status: CommentStatus;
  moderation_note: string;
  ip: string;
  user_agent: string;
  created_at: Generated<Date>;
  moderated_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    content_comments: ContentCommentsTable;
  }
}

export type CommentRow = Selectable<ContentCommentsTable> & { post_slug: string };
export type NewComment = Omit<Selectable<ContentCommentsTable>, 'id' | 'created_at' | 'moderated_at'>;

export function createCommentsRepository(db: Executor) {
  const withPost = () =>
    db
      .selectFrom('content_comments as c')
      .innerJoin('content_entries as e', 'e.id', 'c.post_id')
      .selectAll('c')
      .select('e.slug as post_slug');

  return {
    async insert(comment: NewComment): Promise<CommentRow> {
      const { id } = await db.insertInto('content_comments').values(comment).returning('id').executeTakeFirstOrThrow();
      return withPost().where('c.id', '=', id).executeTakeFirstOrThrow();
    },

    /** Whether a moderator (or the rules) approved a comment of this address before. */
    async hasApprovedFrom(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('content_comments')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['author_email']), '=', email.toLowerCase()))
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** WordPress refuses the same comment twice on a post; so do we. */
    async existsDuplicate(postId: number, email: string, text: string): Promise<boolean> {
      const row = await db
        .selectFrom('content_comments')
        .select('id')
        .where('post_id', '=', postId)
        .where((eb) => eb(eb.fn('lower', ['author_email']), '=', email.toLowerCase()))
        .where('content_text', '=', text)
        .where('status', '!=', 'rejected')
        .executeTakeFirst();
      return row !== undefined;
    },

    async listApproved(filter: {
      postId?: number | undefined;
      page: number;
      perPage: number;
      order: 'asc' | 'desc';
    }): Promise<Page<CommentRow>> {
      let base = withPost().where('c.status', '=', 'approved').where('e.status', '=', 'publish');
      if (filter.postId !== undefined) base = base.where('c.post_id', '=', filter.postId);
      const { total } = await base
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .orderBy('c.created_at', filter.order)
        .orderBy('c.id', filter.order)
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      return { rows, total: Number(total) };
    },

    async listByStatus(status: CommentStatus, limit: number): Promise<CommentRow[]> {
      return withPost().where('c.status', '=', status).orderBy('c.created_at', 'asc').orderBy('c.id', 'asc').limit(limit).execute();
    },

    /** Returns the ids that exist; unknown ids are reported back by the caller. */
    async setStatus(ids: number[], status: CommentStatus): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('content_comments')
        .set({ status, moderated_at: new Date() })
        .where('id', 'in', ids)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
