import { type CheckResult, contactedDomainsCsv, reverseIpDomainsCsv, websiteLinksCsv } from '@riskscan/contracts';
import { type ReactNode, useId, useState } from 'react';
import { downloadFile } from '@/lib/download-file.ts';
import { extendedSections } from './result-sections.ts';
import { EXTENDED_PREVIEW } from './result-constants.ts';
import { AsPivot, PivotLink, type PivotField } from './pivot-link.tsx';

function Collapsible({ title, children }: { title: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="collapsible">
      <button type="button" className="collapsible__header" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {title}
        <svg className="category__caret" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={id} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** The first 10 entries and a CSV download of the full list (SPEC §2, §9). */
function PreviewList({
  items,
  csvName,
  toCsv,
  pivot,
}: {
  items: string[];
  csvName: string;
  toCsv: (items: readonly string[]) => string;
  /** Each item links to its search (domains). */
  pivot?: PivotField;
}) {
  return (
    <>
      <ul className="plain-list">
        {items.slice(0, EXTENDED_PREVIEW).map((item, index) => (
          <li key={`${index}-${item}`}>{pivot ? <PivotLink field={pivot} value={item} /> : item}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--ghost csv-button"
        onClick={() => downloadFile(`${csvName}.csv`, toCsv(items), 'text/csv;charset=utf-8')}
      >
        Download CSV
      </button>
    </>
  );
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="titled">
      <h5>{title}</h5>
      {children}
    </div>
  );
}

/** Extended Check Results: each section only when its data exists; no heading when none does. */
export function ExtendedResults({ result }: { result: CheckResult }) {
  const sections = extendedSections(result);
  if (!sections.any) return null;
  const { webtech, dns_checks: dns, ip_checks: ip, page_checks: links, contacted_domains: contacted } = result;
  return (
    <section className="result-card extended">
      <h3>Extended Check Results</h3>
      {sections.webTech && webtech ? (
        <Collapsible title="Web Technology">
          <ul className="tag-list">
            {webtech.map((tech) => (
              <li key={tech.name}>{tech.version ? `${tech.name} ${tech.version}` : tech.name}</li>
            ))}
          </ul>
        </Collapsible>
      ) : null}
      {sections.dns && dns ? (
        <Collapsible title="DNS Information">
          <Titled title={dns.dns_lookup.title}>
            <ul className="plain-list mono">
              {dns.dns_lookup.result.map((line, index) => (
                <li key={`${index}-${line}`}>{line}</li>
              ))}
            </ul>
          </Titled>
        </Collapsible>
      ) : null}
      {sections.ip && ip ? (
        <Collapsible title="IP Information">
          <Titled title={ip.as_lookup.title}>
            <p className="mono">
              <AsPivot text={ip.as_lookup.result} />
            </p>
          </Titled>
          <Titled title={ip.ip_geo.title}>
            <ul className="plain-list">
              {ip.ip_geo.result.map((line, index) => (
                <li key={`${index}-${line}`}>{line}</li>
              ))}
            </ul>
            {/* The DB-IP Lite licence (CC BY 4.0) asks for this link wherever its geolocation is shown. */}
            <p className="attribution">
              <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
                IP Geolocation by DB-IP
              </a>
            </p>
          </Titled>
          <Titled title={ip.reverse_dns.title}>
            <p className="mono">{ip.reverse_dns.result}</p>
          </Titled>
          <Titled title={`${ip.reverse_ip_lookup.title} · Domains (${ip.reverse_ip_lookup.result.length})`}>
            <PreviewList
              items={ip.reverse_ip_lookup.result}
              csvName="Other domains on same server"
              toCsv={reverseIpDomainsCsv}
              pivot="domain"
            />
          </Titled>
        </Collapsible>
      ) : null}
      {sections.links && links ? (
        <Collapsible title={`WebSite Links · URL (${links.length})`}>
          <PreviewList items={links} csvName="WebSite Links" toCsv={websiteLinksCsv} />
        </Collapsible>
      ) : null}
      {sections.contactedDomains && contacted ? (
        <Collapsible title={`Contacted Domains · Domains (${contacted.length})`}>
          <PreviewList items={contacted} csvName="Contacted Domains" toCsv={contactedDomainsCsv} pivot="domain" />
        </Collapsible>
      ) : null}
    </section>
  );
}
