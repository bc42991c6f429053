import { describe, expect, it } from 'vitest';
import { sampleResult } from './testing/sample-result.ts';
import { disabledDetails, extendedSections, pageCount, pageSlice, parsePage, visibleDisabledCount } from './result-sections.ts';

describe('result sections', () => {
  it('pages categories 5 at a time and clamps the go-to-page entry', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(pageCount(items.length)).toBe(3);
    expect(pageSlice(items, 3)).toEqual([10, 11]);
    expect(parsePage('9', items.length)).toBe(3);
    expect(parsePage('0', items.length)).toBe(1);
    expect(parsePage('two', items.length)).toBeNull();
  });

  it('shows 3 disabled checks with a toggle only when more than 4 exist', () => {
    expect(visibleDisabledCount(4, false)).toBe(4);
    expect(visibleDisabledCount(5, false)).toBe(3);
    expect(visibleDisabledCount(5, true)).toBe(5);
    expect(disabledDetails(sampleResult)).toHaveLength(5);
  });

  it('knows which extended sections exist', () => {
    expect(extendedSections(sampleResult)).toEqual({ webTech: true, dns: true, ip: true, links: true, contactedDomains: true, any: true });
    const { webtech: _w, dns_checks: _d, ip_checks: _i, page_checks: _p, contacted_domains: _c, ...bare } = sampleResult;
    expect(extendedSections(bare).any).toBe(false);
  });
});
