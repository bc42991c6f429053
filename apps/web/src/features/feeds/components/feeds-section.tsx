import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { feedAddressesQuery, publishedEventsQuery } from '../api/feed-addresses.ts';
import '@/lib/page-kit/profile-panel.css';
import './feeds.css';

/** What the feeds publish: the TAXII collections, which the MISP feed carries as events too. */
const PUBLISHED = [
  {
    title: 'Dangerous URLs',
    text: 'URLs whose public full scan on riskscan ended Danger (score 80 or more). Private scans and URLs carrying secrets are never published.',
  },
  {
    title: 'Look-alikes of your watched domains',
    text: 'Look-alike domains of the domains you watch (domain monitoring) whose pages riskscan found imitating the brand or risky. Only you see this collection.',
  },
] as const;

function Address({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <code>{value ?? '…'}</code>
      </dd>
    </>
  );
}

/**
 * Profile › Threat feeds: the TAXII 2.1 and MISP feed addresses to paste into a SIEM, a TIP or
 * MISP, the key they authenticate with, and what they publish.
 */
export default function FeedsSection() {
  const addresses = useQuery(feedAddressesQuery);
  const events = useQuery(publishedEventsQuery);
  return (
    <section className="profile-panel pk-card feeds" aria-labelledby="feeds-title">
      <div className="profile-panel__head">
        <h2 id="feeds-title">Threat feeds</h2>
      </div>
      <p>
        Subscribe a threat-intelligence platform to riskscan's indicators. Both feeds are read-only and authenticate with an API key in the
        header <code>Authorization: Api-Key &lt;key&gt;</code>; create one under <Link to="/profile/license_details">License details</Link>.
      </p>
      <h3>TAXII 2.1</h3>
      <dl className="feeds__addresses">
        <Address label="Discovery" value={addresses.data?.taxiiDiscovery} />
        <Address label="Collections" value={addresses.data?.taxiiCollections} />
      </dl>
      <h3>MISP feed</h3>
      <dl className="feeds__addresses">
        <Address label="Feed URL" value={addresses.data?.mispFeed} />
        <dt>Source format</dt>
        <dd>MISP Feed; add the Authorization header above under the feed's headers</dd>
      </dl>
      <h3>What is published</h3>
      <ul className="feeds__published">
        {PUBLISHED.map((item) => (
          <li key={item.title}>
            <strong>{item.title}</strong>: {item.text}
          </li>
        ))}
      </ul>
      <p aria-live="polite">
        {events.isPending
          ? 'Counting what your feed publishes…'
          : events.isError
            ? 'The feed could not be read just now.'
            : events.data === 0
              ? 'Nothing is published yet: indicators appear when a public scan ends Danger or a watched look-alike turns risky.'
              : `Your MISP feed publishes ${events.data} event${events.data === 1 ? '' : 's'} now.`}
      </p>
    </section>
  );
}
