import type { ReactNode } from 'react';
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
  /** The rows. */
  children: ReactNode;
};

/**
 * A table of records (a report's requests, search results, the Latest Scans board): column
 * headers, a caption, and on a narrow screen it scrolls sideways inside its box, never the page.
 */
export function DataTable({ caption, columns, scrollLabelledBy, className, children }: DataTableProps) {
  const scrollBox = scrollLabelledBy ? { role: 'region', 'aria-labelledby': scrollLabelledBy, tabIndex: 0 } : {};
  return (
    <div className="table-scroll" {...scrollBox}>
      <table className={className ? `data-table ${className}` : 'data-table'}>
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
