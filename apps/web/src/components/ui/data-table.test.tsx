import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table.tsx';

const rows = (
  <tr>
    <td>https://a.example/</td>
    <td>42</td>
  </tr>
);

describe('DataTable', () => {
  it('is named by its caption and heads each column with a column header', () => {
    render(
      <DataTable caption="Scans found for ip:192.0.2.7" columns={['URL', 'Risk']}>
        {rows}
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Scans found for ip:192.0.2.7' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['URL', 'Risk']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getByRole('cell', { name: '42' })).toBeInTheDocument();
  });

  it('makes a wide table’s scroll box a focusable region named by its heading, and only then', () => {
    const { unmount } = render(
      <>
        <h2 id="requests-title">Requests (1)</h2>
        <DataTable caption="Requests" columns={['URL', 'Risk']} scrollLabelledBy="requests-title">
          {rows}
        </DataTable>
      </>,
    );
    const box = screen.getByRole('region', { name: 'Requests (1)' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBeInTheDocument();
    unmount();

    render(
      <DataTable caption="Latest public scans" columns={['URL', 'Risk']}>
        {rows}
      </DataTable>,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});
