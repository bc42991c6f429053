import { scanPermalink, searchLink, type SavedSearch } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { riskClass } from '@/components/scan-result/risk-level.ts';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { showToast } from '@/lib/toast.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { deleteSavedSearch, saveSearch, savedSearchesQuery, savedSearchMatchesQuery } from '../api/saved-searches.ts';

/** Saves the search on the page, with the name it will be listed under and whether to e-mail its matches. */
function SaveForm({ q, onSaved }: { q: string; onSaved(): Promise<void> }) {
  const [name, setName] = useState(q);
  const [email, setEmail] = useState(true);
  const [webhook, setWebhook] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await saveSearch({ name, q, notify: { email, ...(webhook.trim() ? { webhook_url: webhook.trim() } : {}) } });
      await onSaved();
      void showToast('success', 'Search saved');
    } catch (error) {
      // The server's words: a slow rule, a spent plan allowance, a name too long.
      setProblem(answerMessage(error, 'q', answerMessage(error, 'name', answerMessage(error, 'notify.webhook_url'))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="saved-search-form" onSubmit={submit} aria-describedby={problem ? `${id}-problem` : undefined}>
      <p className="saved-search-form__query">
        Save <code>{q}</code> and hear of every new scan that matches it.
      </p>
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
      <label className="saved-search-form__check">
        <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} /> E-mail me new matches
      </label>
      <label htmlFor={`${id}-webhook`}>Webhook URL (optional)</label>
      <input
        id={`${id}-webhook`}
        type="url"
        value={webhook}
        maxLength={2000}
        placeholder="https://hooks.example.com/riskscan"
        onChange={(event) => setWebhook(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        Save search
      </button>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="search-page__problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** The scans a saved search matched, newest first, the ones new since the last look marked. */
function Matches({ saved, onViewed }: { saved: SavedSearch; onViewed(): unknown }) {
  const matches = useQuery(savedSearchMatchesQuery(saved.uid));
  const titleId = useId();
  const viewedAt = matches.dataUpdatedAt;
  // Opening the matches counts as looking: the list's count of new matches is stale once they arrived.
  useEffect(() => {
    if (viewedAt > 0) void onViewed();
  }, [viewedAt, onViewed]);
  if (matches.isPending) return <p className="muted">Loading matches…</p>;
  if (matches.isError) return <p role="alert">{answerMessage(matches.error)}</p>;
  return (
    <section className="saved-search-matches" aria-labelledby={titleId}>
      <h4 id={titleId}>Matches of {saved.name}</h4>
      {matches.data.results.length === 0 ? (
        <p className="muted">No scan has matched yet. New scans are matched as they finish.</p>
      ) : (
        <ul>
          {matches.data.results.map((match) => (
            <li key={match.scan.uid}>
              {match.new ? <strong className="saved-search-matches__new">New</strong> : null}{' '}
              <Link to={scanPermalink(match.scan.uid)}>{match.scan.url}</Link>{' '}
              <span className={`score-pill ${riskClass(match.scan.level)}`}>
                {match.scan.overall_risk_score} {match.scan.level}
              </span>{' '}
              <span className="muted">
                matched <LocalTime iso={match.matched_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The member's saved searches on the search page (issue 38): save the search shown, list them with
 * how many scans matched since the last look, open a search's matches, delete one.
 */
export function SavedSearches({ q }: { q: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(savedSearchesQuery);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: savedSearchesQuery.queryKey, exact: true }), [queryClient]);

  async function remove(saved: SavedSearch) {
    if (!window.confirm(`Delete the saved search "${saved.name}" and its matches?`)) return;
    try {
      await deleteSavedSearch(saved.uid);
      if (open === saved.uid) setOpen(null);
      await refresh();
      void showToast('success', 'Saved search deleted');
    } catch (error) {
      void showToast('error', answerMessage(error));
    }
  }

  if (!list.data) return list.isError ? <p role="alert">{answerMessage(list.error)}</p> : null;
  const { limit, used, results } = list.data;
  const alreadySaved = results.some((saved) => saved.q === q);
  return (
    <section className="saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title">Saved searches</h2>
      {limit === 0 ? (
        <p className="muted">Saved searches that alert you of new matches come with the paid plans.</p>
      ) : (
        <p className="muted">
          {used} of {limit} saved searches in use.
        </p>
      )}
      {q && limit > used && !alreadySaved ? <SaveForm key={q} q={q} onSaved={refresh} /> : null}
      {results.length > 0 ? (
        <ul className="saved-searches__list">
          {results.map((saved) => (
            <li key={saved.uid}>
              <div className="saved-searches__row">
                <span className="saved-searches__name">{saved.name}</span>
                <Link to={searchLink(saved.q)}>
                  <code>{saved.q}</code>
                </Link>
                <span className={saved.new_matches > 0 ? 'saved-searches__count saved-searches__count--new' : 'saved-searches__count'}>
                  {saved.new_matches === 1 ? '1 new match' : `${saved.new_matches} new matches`}
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-expanded={open === saved.uid}
                  aria-controls={`saved-search-${saved.uid}`}
                  aria-label={`${open === saved.uid ? 'Hide matches' : 'Open matches'} of ${saved.name}`}
                  onClick={() => setOpen(open === saved.uid ? null : saved.uid)}
                >
                  {open === saved.uid ? 'Hide matches' : 'Open matches'}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Delete ${saved.name}`}
                  onClick={() => void remove(saved)}
                >
                  Delete
                </button>
              </div>
              <div id={`saved-search-${saved.uid}`}>{open === saved.uid ? <Matches saved={saved} onViewed={refresh} /> : null}</div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
