import { BRAND_PAGE_KINDS, type BrandPageKind } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { answerMessage, hasFieldError } from '@/lib/api-error-message.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { brandPagesQuery, registerBrandPage, removeBrandPage } from '../api/brand-protection.ts';

export const BRAND_PAGE_LABELS: Record<BrandPageKind, string> = { login: 'Login page', home: 'Home page', other: 'Other page' };

type Errors = { url?: string; kind?: string; form?: string };

/** "Your own pages": the brand's real pages look-alikes are compared with, to recognise clones. */
export function BrandPagesForm({ monitorUid }: { monitorUid: string }) {
  const queryClient = useQueryClient();
  const pages = useQuery(brandPagesQuery(monitorUid));
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<BrandPageKind>('login');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: brandPagesQuery(monitorUid).queryKey });
  const urlId = `brand-page-url-${monitorUid}`;
  const kindId = `brand-page-kind-${monitorUid}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await registerBrandPage(monitorUid, { url: url.trim(), kind });
      setUrl('');
      await refresh();
    } catch (failure) {
      const found: Errors = {};
      if (hasFieldError(failure, 'url')) found.url = answerMessage(failure, 'url');
      if (hasFieldError(failure, 'kind')) found.kind = answerMessage(failure, 'kind');
      setErrors(Object.keys(found).length > 0 ? found : { form: answerMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (pageUid: string) => {
    setErrors({});
    try {
      await removeBrandPage(monitorUid, pageUid);
      await refresh();
    } catch (failure) {
      setErrors({ form: answerMessage(failure) });
    }
  };

  return (
    <details className="brand-pages">
      <summary>Your own pages ({pages.data?.length ?? 0})</summary>
      <p className="pk-hint">Register your real login or home pages: a look-alike that copies one is reported as a copy.</p>
      {(pages.data ?? []).length > 0 && (
        <ul className="brand-pages__list" aria-label="Your own pages">
          {pages.data!.map((page) => (
            <li key={page.uid}>
              {page.ready && page.screenshot_link && (
                <img className="lookalike-thumb" src={page.screenshot_link} alt={`Screenshot of ${page.url}`} loading="lazy" />
              )}
              <span className="brand-pages__url">
                {BRAND_PAGE_LABELS[page.kind]}: {page.url}
              </span>
              <span className="pk-hint" role="status">
                {page.ready ? (page.screenshot_link ? '' : 'No screenshot') : 'Scanning…'}
              </span>
              <button
                type="button"
                className="pk-button pk-button--ghost"
                aria-label={`Remove ${page.url}`}
                onClick={() => void remove(page.uid)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="monitor-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField id={urlId} label="Page address" error={errors.url} hint="e.g. https://example.com/login">
          {(props) => <input {...props} type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://…" />}
        </FormField>
        <FormField id={kindId} label="Kind of page" error={errors.kind}>
          {(props) => (
            <select {...props} value={kind} onChange={(event) => setKind(event.target.value as BrandPageKind)}>
              {BRAND_PAGE_KINDS.map((value) => (
                <option key={value} value={value}>
                  {BRAND_PAGE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {errors.form && <p className="pk-error">{errors.form}</p>}
        <button type="submit" className="pk-button" disabled={busy || url.trim() === ''}>
          {busy ? 'Please Wait...' : 'Add page'}
        </button>
      </form>
    </details>
  );
}
