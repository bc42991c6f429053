import { COMMENT_HONEYPOT_FIELD, createCommentSchema } from '@riskscan/contracts';
import { type FormEvent, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { usePostComment } from '../api/comments.ts';
import { loadCommentAuthor, rememberCommentAuthor } from '../comment-author.ts';

type Fields = { author_name: string; author_email: string; author_url: string; content: string };
type Errors = Partial<Record<keyof Fields, string>>;

function emptyFields(): Fields {
  const saved = loadCommentAuthor();
  return { author_name: saved?.name ?? '', author_email: saved?.email ?? '', author_url: '', content: '' };
}

/** "Leave a reply" (SPEC §2): name, e-mail and comment required, company optional. */
export function CommentForm({ postId }: { postId: number }) {
  const post = usePostComment(postId);
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [save, setSave] = useState(true);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [held, setHeld] = useState(false);
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createCommentSchema.safeParse({ ...fields, [COMMENT_HONEYPOT_FIELD]: trap });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    rememberCommentAuthor(save ? { name: parsed.data.author_name, email: parsed.data.author_email } : null);
    post.mutate(parsed.data, {
      onSuccess: (comment) => {
        void showToast('success', 'Success');
        // A new author's first comment (or one with risky links) waits for a moderator.
        setHeld(comment.status !== 'approved');
        setFields(emptyFields());
      },
      onError: () => void showToast('error', 'Oops, something went wrong!'),
    });
  }

  const text = (key: keyof Fields, label: string, type = 'text') => (
    <FormField id={`comment-${key}`} label={label} error={errors[key]}>
      {(input) => <input {...input} type={type} value={fields[key]} onChange={(e) => set(key)(e.target.value)} />}
    </FormField>
  );

  return (
    <form className="blog-reply pk-card" onSubmit={submit} noValidate>
      <h2>Leave a reply</h2>
      <p className="pk-hint">Your email address will not be published. Required fields are marked *</p>
      <div className="blog-reply__grid">
        {text('author_name', 'Name*')}
        {text('author_email', 'Email*', 'email')}
        {text('author_url', 'Company')}
      </div>
      <label className="blog-reply__save">
        <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} />
        Save my name and email in this browser for the next time I comment
      </label>
      <FormField id="comment-content" label="Comment*" error={errors.content}>
        {(input) => <textarea {...input} value={fields.content} onChange={(e) => set('content')(e.target.value)} />}
      </FormField>
      {/* Bots fill every field; people never see this one. */}
      <input
        className="pk-visually-hidden"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
        name={COMMENT_HONEYPOT_FIELD}
        value={trap}
        onChange={(e) => setTrap(e.target.value)}
      />
      <button type="submit" className="pk-button" disabled={post.isPending}>
        Post Comment
      </button>
      <p role="status" className="pk-hint">
        {held ? 'Thank you. Your comment is awaiting moderation and will appear once it is approved.' : ''}
      </p>
    </form>
  );
}
