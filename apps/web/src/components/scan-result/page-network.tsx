import type { CapturedRequest, CheckResult } from '@riskscan/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Flag } from '@/components/ui/flag.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { PivotLink } from './pivot-link.tsx';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => countryNames.of(code.toUpperCase()) ?? code;

/** 1234567 → "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const REQUEST_COLUMNS = ['URL', 'Method', 'Status', 'Type', 'Size', 'IP', 'Country', 'AS'];

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

function Country({ code }: { code: string | null | undefined }) {
  if (!code) return <span className="muted">–</span>;
  return (
    <span className="page-network__country">
      <Flag code={code} />
      <span title={countryName(code)}>{code.toUpperCase()}</span>
    </span>
  );
}

function RequestRow({ request, domainCreated }: { request: CapturedRequest; domainCreated: string | null }) {
  const host = hostOf(request.url);
  return (
    <tr className={request.blocked ? 'page-network__blocked' : undefined}>
      <td className="data-table__url page-network__url">
        <span className="break">{request.url}</span>
        {host ? (
          <span className="page-network__host">
            <PivotLink field="domain" value={host} />
            {domainCreated ? <span className="muted"> · registered {domainCreated}</span> : null}
          </span>
        ) : null}
      </td>
      <td>{request.method}</td>
      <td>{request.blocked ? 'Blocked' : (request.status ?? '–')}</td>
      <td>{request.resource_type}</td>
      <td className="data-table__figure">{formatBytes(request.bytes)}</td>
      <td>{request.remote_ip ? <PivotLink field="ip" value={request.remote_ip} /> : <span className="muted">–</span>}</td>
      <td>
        <Country code={request.country_code} />
      </td>
      <td>
        {request.asn ? (
          <PivotLink field="asn" value={request.asn}>
            AS{request.asn}
            {request.as_name ? <span className="muted"> {request.as_name}</span> : null}
          </PivotLink>
        ) : (
          <span className="muted">–</span>
        )}
      </td>
    </tr>
  );
}

/** Stacked request cards made a phone report 8,000 px longer (issue 37). */
const PHONE_QUERY = '(max-width: 600px)';

/**
 * On a phone the requests start folded behind a button that says how many there are; on wider
 * screens, where they fit as table rows, they show at once.
 */
function FoldedOnPhone({ count, children }: { count: number; children: ReactNode }) {
  const [open, setOpen] = useState(() => !window.matchMedia?.(PHONE_QUERY).matches);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="button button--ghost page-network__fold"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the requests' : `Show the ${count} requests`}
      </button>
      <div id={id} hidden={!open}>
        {open ? children : null}
      </div>
    </>
  );
}

/**
 * What an analyst reads besides the verdict: the page's hosting, its redirect chain, its
 * certificate, its hashes and every request the browser made; each domain, address, AS and hash
 * links to the scans that share it.
 */
export function PageNetwork({ result }: { result: CheckResult }) {
  const capture = result.capture;
  const requests = capture?.requests ?? [];
  const { hosting, certificate } = result;
  // The registration date is the scanned host's domain's; the final host may be another after redirects.
  const pageSite = hostOf(result.url);
  const pageHost = hostOf(result.final_url ?? result.url);
  const domainCreated = day(result.domain_created);
  return (
    <section className="result-card page-network" aria-labelledby="page-network-title">
      <h3 id="page-network-title">Page and network</h3>
      <dl className="page-network__facts">
        {pageSite ? (
          <div>
            <dt>Domain</dt>
            <dd>
              <PivotLink field="domain" value={pageSite} />
              {domainCreated ? <span className="muted"> · registered {domainCreated}</span> : null}
            </dd>
          </div>
        ) : null}
        {pageHost && pageHost !== pageSite ? (
          <div>
            <dt>Final host</dt>
            <dd>
              <PivotLink field="domain" value={pageHost} />
            </dd>
          </div>
        ) : null}
        {result.page_sha256 ? (
          <div>
            <dt>Page SHA-256</dt>
            <dd className="mono break">
              <PivotLink field="hash" value={result.page_sha256} />
            </dd>
          </div>
        ) : null}
        {capture?.screenshot_phash ? (
          <div>
            <dt>Screenshot perceptual hash</dt>
            <dd className="mono">
              <PivotLink field="hash" value={capture.screenshot_phash} />
            </dd>
          </div>
        ) : null}
      </dl>

      {certificate ? (
        <>
          <h4>Certificate</h4>
          <dl className="page-network__facts">
            <div>
              <dt>Issued by</dt>
              <dd>{[certificate.issuer, certificate.issuer_organization].filter(Boolean).join(', ') || 'Unknown'}</dd>
            </div>
            <div>
              <dt>Valid</dt>
              <dd>
                {day(certificate.valid_from) ?? '?'} to {day(certificate.valid_to) ?? '?'}
                {certificate.trusted ? null : <strong> (not trusted)</strong>}
              </dd>
            </div>
            {certificate.ct_first_seen ? (
              <div>
                <dt>First seen in CT logs</dt>
                <dd>{day(certificate.ct_first_seen)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Names (SAN)</dt>
              <dd className="break">{certificate.subject_alt_names.join(', ') || certificate.subject || 'None'}</dd>
            </div>
          </dl>
        </>
      ) : null}

      <h4 id="page-requests-title">Requests ({requests.length})</h4>
      {requests.length === 0 ? (
        <p className="muted">
          {capture ? 'The browser made no requests.' : 'The page was not loaded in a browser, so no requests were recorded.'}
        </p>
      ) : (
        <FoldedOnPhone count={requests.length}>
          <DataTable
            caption="Requests the browser made for the page"
            columns={REQUEST_COLUMNS}
            scrollLabelledBy="page-requests-title"
            className="page-network__requests"
          >
            {requests.map((request, index) => (
              <RequestRow
                key={`${index}-${request.url}`}
                request={request}
                domainCreated={hostOf(request.url) === pageSite ? domainCreated : null}
              />
            ))}
          </DataTable>
        </FoldedOnPhone>
      )}
      {hosting?.country_code || requests.some((request) => request.country_code) ? (
        // The DB-IP Lite licence (CC BY 4.0) asks for this link wherever its geolocation is shown.
        <p className="attribution">
          <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            IP Geolocation by DB-IP
          </a>
        </p>
      ) : null}
    </section>
  );
}
