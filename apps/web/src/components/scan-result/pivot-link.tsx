import { searchLink, searchTerm } from '@riskscan/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type PivotField = 'domain' | 'ip' | 'asn' | 'hash' | 'brand';

/** A domain, address, AS or hash of a report, linked to the search for every scan that shares it. */
export function PivotLink({ field, value, children }: { field: PivotField; value: string | number; children?: ReactNode }) {
  return (
    <Link className="pivot-link" to={searchLink(searchTerm(field, value))} title={`Search scans with ${field} ${value}`}>
      {children ?? value}
    </Link>
  );
}
