import { COMMENT_HONEYPOT_FIELD, type CommentsQuery, type CreateComment } from '@riskscan/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors.ts';
import { extractLinks } from './comment-links.ts';
import type { CommentRow, CommentsRepository, CommentStatus } from './comments.repository.ts';
import type { ContentRepository } from './content.repository.ts';
import { wpPage, type WpPage } from './content.service.ts';
import { commentTextToHtml } from './html-sanitizer.ts';
import { HOLD_RISK_SCORE, type UrlRiskCheck } from './url-risk.ts';

/** More links than this in one comment is a spam pattern whatever the links are (WordPress holds at 2). */
const MAX_LINKS_BEFORE_HOLD = 2;
/** A verdict that does not come back in time counts as risky: the comment waits, it is not lost. */
const LINK_CHECK_TIMEOUT_MS = 3000;

export type CommentSender = { ip: string; userAgent: string };

type Verdict = { status: CommentStatus; note: string };

async function scoreLink(urlRisk: UrlRiskCheck, link: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(100), LINK_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([urlRisk(link).then((verdict) => verdict.risk_score), timeout]);
  } catch {
    return 100;
  } finally {
    clearTimeout(timer);
  }
}

/** Approve, hold for a moderator, or file as spam: the one place that decides. */
export async function moderationVerdict(input: CreateComment, urlRisk: UrlRiskCheck): Promise<Verdict> {
  if (input[COMMENT_HONEYPOT_FIELD]) return { status: 'spam', note: 'honeypot field filled' };
  const links = extractLinks(`${input.content}\n${input.author_url}\n${input.author_name}`);
  if (links.length > MAX_LINKS_BEFORE_HOLD) return { status: 'pending', note: `${links.length} links` };
  const risky: string[] = [];
  for (const link of links) {
    const score = await scoreLink(urlRisk, link);
    if (score >= HOLD_RISK_SCORE) risky.push(`${link} (risk ${score})`);
  }
  return risky.length > 0 ? { status: 'pending', note: `suspicious link: ${risky.join(', ')}` } : { status: 'approved', note: '' };
}

/**
 * A new author's first comment waits for a moderator, as WordPress's "comment author must have a
 * previously approved comment": commenting is open to anyone (SPEC §6), publishing at once is not.
 */
async function firstCommentHeld(verdict: Verdict, input: CreateComment, comments: CommentsRepository): Promise<Verdict> {
  if (verdict.status !== 'approved' || (await comments.hasApprovedFrom(input.author_email))) return verdict;
  return { status: 'pending', note: 'first comment of this author' };
}

export function createCommentsService(deps: { comments: CommentsRepository; content: ContentRepository; urlRisk: UrlRiskCheck }) {
  return {
    async submit(postId: number | undefined, input: CreateComment, sender: CommentSender): Promise<CommentRow> {
      const post = postId === undefined ? undefined : await deps.content.findEntry('post', postId);
      if (!post) throw new NotFoundError('Invalid post ID.');
      if (post.comment_status !== 'open') throw new ForbiddenError('Comments are closed on this post.');
      if (await deps.comments.existsDuplicate(post.id, input.author_email, input.content)) {
        throw new ConflictError('Duplicate comment detected; it looks as though you have already said that!');
      }
      const verdict = await firstCommentHeld(await moderationVerdict(input, deps.urlRisk), input, deps.comments);
      return deps.comments.insert({
        post_id: post.id,
        author_name: input.author_name,
        author_email: input.author_email,
        author_url: input.author_url,
        content_text: input.content,
        content_html: commentTextToHtml(input.content),
        status: verdict.status,
        moderation_note: verdict.note,
        ip: sender.ip,
        user_agent: sender.userAgent.slice(0, 500),
      });
    },

    async listApproved(query: CommentsQuery): Promise<WpPage<CommentRow>> {
      const list = await deps.comments.listApproved({ postId: query.post, page: query.page, perPage: query.per_page, order: query.order });
      return wpPage(list, query.page, query.per_page);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
