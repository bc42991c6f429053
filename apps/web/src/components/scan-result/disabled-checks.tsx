import type { CheckDetail } from '@riskscan/contracts';
import { useState } from 'react';
import { visibleDisabledCount } from './result-sections.ts';
import { DISABLED_CHECKS_TOGGLE_ABOVE } from './result-constants.ts';

/** 'Disabled check in this scan:' cards for signed-in users; a card toggles its detail (SPEC §2). */
export function DisabledChecks({ details }: { details: CheckDetail[] }) {
  const [showAll, setShowAll] = useState(false);
  const [openName, setOpenName] = useState<string | null>(null);
  if (details.length === 0) return null;
  return (
    <section className="result-card disabled-checks">
      <h3>Disabled check in this scan:</h3>
      <ul className="disabled-checks__grid">
        {details.slice(0, visibleDisabledCount(details.length, showAll)).map((detail) => (
          <li key={detail.name}>
            <button
              type="button"
              className="disabled-card"
              aria-expanded={openName === detail.name}
              onClick={() => setOpenName(openName === detail.name ? null : detail.name)}
            >
              <strong>{detail.title}</strong>
              {openName === detail.name ? <span className="disabled-card__info">{detail.background_info}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {details.length > DISABLED_CHECKS_TOGGLE_ABOVE ? (
        <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
          {showAll ? 'See Less' : 'See All'}
        </button>
      ) : null}
    </section>
  );
}
