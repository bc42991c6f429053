import { searchLink, searchTerm } from '@riskscan/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type PivotField = 'domain' | 'ip' | 'asn' | 'hash' | 'brand' | 'favicon';

/** A domain, address, AS or hash of a report, linked to the search for every scan that shares it. */
export function PivotLink({ field, value, children }: { field: PivotField; value: string | number; children?: ReactNode }) {
  return (
    <Link className="pivot-link" to={searchLink(searchTerm(field, value))} title={`Search scans with ${field} ${value}`}>
      {children ?? value}
    </Link>
  );
}

/** `AS13335 Cloudflare, Inc.`: the AS number links to the scans on that network, the name stays text. */
export function AsPivot({ text }: { text: string }) {
  const match = /^AS(\d+)\b/.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      <PivotLink field="asn" value={Number(match[1])}>
        AS{match[1]}
      </PivotLink>
      {text.slice(match[0].length)}
    </>
  );
}
