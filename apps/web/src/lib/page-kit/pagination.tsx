import { pageRange } from './page-range.ts';
import './page-kit.css';

type PaginationProps = { page: number; pageCount: number; onPageChange(page: number): void; label?: string };

/** Numbered pages with previous/next; `page` is 1-based. Hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pk-pagination" aria-label={label}>
      <button type="button" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
        ‹
      </button>
      {pageRange(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pk-pagination__gap">
            …
          </span>
        ) : (
          <button
            type="button"
            key={item}
            onClick={() => onPageChange(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount} aria-label="Next page">
        ›
      </button>
    </nav>
  );
}
