import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table.tsx';

const rows = (
  <tr>
    <td>https://a.example/</td>
    <td>42</td>
  </tr>
);

function Row({ name, verdict }: { name: string; verdict: string }) {
  return (
    <tr>
      <td>{name}</td>
      <td>{verdict}</td>
    </tr>
  );
}

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
  it('labels every body cell with its column, for the stacked rows of a phone, also after new rows arrive', () => {
    const view = render(
      <DataTable caption="Links" columns={['Link', 'Verdict']}>
        <Row name="https://a.example/" verdict="Secure" />
      </DataTable>,
    );
    expect(screen.getByText('https://a.example/')).toHaveAttribute('data-label', 'Link');
    expect(screen.getByText('Secure')).toHaveAttribute('data-label', 'Verdict');
    expect(screen.getByRole('table')).toHaveClass('data-table--stacked');
    view.rerender(
      <DataTable caption="Links" columns={['Link', 'Verdict']}>
        <Row name="https://a.example/" verdict="Secure" />
        <Row name="https://b.example/" verdict="Danger" />
      </DataTable>,
    );
    expect(screen.getByText('Danger')).toHaveAttribute('data-label', 'Verdict');
  });

  it('keeps its columns on a phone when told the table fits as it is', () => {
    render(
      <DataTable caption="Board" columns={['URL']} stacked={false}>
        <tr>
          <td>x</td>
        </tr>
      </DataTable>,
    );
    expect(screen.getByRole('table')).not.toHaveClass('data-table--stacked');
  });
});
