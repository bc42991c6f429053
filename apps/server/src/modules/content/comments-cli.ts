import { COMMENT_STATUSES, type CommentRow, type CommentsRepository, type CommentStatus } from './comments.repository.ts';

export const COMMENTS_USAGE = `Usage: npm run comments -- <command>

  list [--status pending|approved|spam|rejected] [--limit N]   comments to review (default: pending)
  approve <id> [<id> ...]                                       publish comments
  reject <id> [<id> ...]                                        hide comments for good`;

function describe(comment: CommentRow): string {
  const company = comment.author_url ? ` (${comment.author_url})` : '';
  const note = comment.moderation_note ? `\n    held because: ${comment.moderation_note}` : '';
  const text = comment.content_text.length > 300 ? `${comment.content_text.slice(0, 300)}…` : comment.content_text;
  return [
    `#${comment.id}  ${comment.status}  ${comment.created_at.toISOString()}  on /blogdetail/${comment.post_slug}/  from ${comment.ip}`,
    `    ${comment.author_name} <${comment.author_email}>${company}${note}`,
    ...text.split('\n').map((line) => `    | ${line}`),
  ].join('\n');
}

function parseIds(values: string[]): number[] | null {
  const ids = values.map(Number);
  return ids.length > 0 && ids.every((id) => Number.isInteger(id) && id > 0) ? ids : null;
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

/** Comment moderation from the command line; returns the process exit code. */
export async function runCommentsCommand(args: string[], comments: CommentsRepository, out: (text: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    const status = option(rest, '--status') ?? 'pending';
    const limit = Number(option(rest, '--limit') ?? 50);
    if (!COMMENT_STATUSES.includes(status as CommentStatus) || !Number.isInteger(limit) || limit < 1) {
      out(COMMENTS_USAGE);
      return 2;
    }
    const rows = await comments.listByStatus(status as CommentStatus, limit);
    out(rows.length === 0 ? `No ${status} comments.` : rows.map(describe).join('\n\n'));
    return 0;
  }
  if (command === 'approve' || command === 'reject') {
    const ids = parseIds(rest);
    if (!ids) {
      out(COMMENTS_USAGE);
      return 2;
    }
    const done = await comments.setStatus(ids, command === 'approve' ? 'approved' : 'rejected');
    const missing = ids.filter((id) => !done.includes(id));
    if (done.length > 0) out(`${command === 'approve' ? 'Approved' : 'Rejected'}: ${done.map((id) => `#${id}`).join(', ')}`);
    if (missing.length > 0) out(`No such comment: ${missing.map((id) => `#${id}`).join(', ')}`);
    return missing.length > 0 ? 1 : 0;
  }
  out(COMMENTS_USAGE);
  return 2;
}
