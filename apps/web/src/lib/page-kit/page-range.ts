/** SPEC §9 pagination: pages within `range` of the current one, plus the first and last, with gaps. */
export function pageRange(current: number, pageCount: number, range = 2): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    const near = Math.abs(page - current) <= range;
    if (page === 1 || page === pageCount || near) pages.push(page);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}
