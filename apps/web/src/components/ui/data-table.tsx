import { type ReactNode, useLayoutEffect, useRef } from 'react';
import './data-table.css';

export type DataTableProps = {
  /** Names the table in a screen reader's list of tables; on screen the heading above says it. */
  caption: string;
  /** The column headers, in order. */
  columns: readonly string[];
  /**
   * The heading that names the scroll box, for a table wider than a phone: the box then takes the
   * focus, so a keyboard can scroll it sideways.
   */
  scrollLabelledBy?: string;
  /** The table's own class, for its column widths. */
  className?: string;
  /**
   * Whether each row stacks into a card of labelled cells on a phone (default). A narrow table
   * that fits a phone as it is (the Latest Scans board) keeps its columns.
   */
  stacked?: boolean;
  /** The rows. */
  children: ReactNode;
};

/** Names every body cell after its column (`data-label`), for the stacked rows of a phone. */
function labelCells(table: HTMLTableElement, columns: readonly string[]) {
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      for (const [index, cell] of [...row.cells].entries()) {
        const label = columns[index];
        if (label !== undefined && cell.dataset.label !== label) cell.dataset.label = label;
      }
    }
  }
}

/**
 * A table of records (a report's requests, search results, triaged links): column headers, a
 * caption, and on a phone each row stacks into a card of labelled cells, so the table is never
 * wider than the screen (issue 37).
 */
export function DataTable({ caption, columns, scrollLabelledBy, className, stacked = true, children }: DataTableProps) {
  const scrollBox = scrollLabelledBy ? { role: 'region', 'aria-labelledby': scrollLabelledBy, tabIndex: 0 } : {};
  const table = useRef<HTMLTableElement>(null);
  // Every render: rows come and go with the data, and each row's cells are the caller's markup.
  useLayoutEffect(() => {
    if (table.current) labelCells(table.current, columns);
  });
  return (
    <div className="table-scroll" {...scrollBox}>
      <table ref={table} className={['data-table', stacked ? 'data-table--stacked' : '', className ?? ''].filter(Boolean).join(' ')}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
