/**
 * The reports' one table: a header cell a column, a row a record and the total row last, a figure
 * linked to its list under the link's own name only where the column gives an address, and the row's
 * chart colour as a swatch before its first cell.
 */
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { ReportTable, type ReportColumn } from './ReportTable.js';

interface Row {
  name: string;
  count: number;
  href?: string;
  color?: string;
}

const COLUMNS: ReportColumn<Row>[] = [
  { key: 'name', title: 'Name', cell: (row) => row.name },
  {
    key: 'count',
    title: 'Count',
    align: 'end',
    cell: (row) => String(row.count),
    href: (row) => row.href,
    linkLabel: (row) => `${row.count} of ${row.name}: open them`,
  },
];

function show() {
  render(
    <FluentProvider theme={webLightTheme}>
      <ReportTable<Row>
        label="Things"
        columns={COLUMNS}
        rows={[
          { name: 'Apples', count: 3, href: '#/apples', color: 'red' },
          { name: 'Pears', count: 0 },
        ]}
        rowKey={(row) => row.name}
        total={{ name: 'Total', count: 3, href: '#/all' }}
        swatch={(row) => row.color}
      />
    </FluentProvider>,
  );
  return screen.getByRole('table', { name: 'Things' });
}

describe('ReportTable', () => {
  it('has a header cell a column, a row a record, and the total row last', () => {
    const table = show();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Count']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Apples3', 'Pears0', 'Total3']);
  });

  it('links a figure under its own name only where the column gives its list', () => {
    const table = show();
    expect(within(table).getByRole('link', { name: '3 of Apples: open them' })).toHaveAttribute(
      'href',
      '#/apples',
    );
    expect(within(table).getByRole('link', { name: '3 of Total: open them' })).toHaveAttribute(
      'href',
      '#/all',
    );
    expect(within(table).getAllByRole('link')).toHaveLength(2);
  });

  it('puts the row’s colour before its first cell, hidden from assistive technology', () => {
    const table = show();
    const first = within(table).getByRole('cell', { name: 'Apples' });
    const swatch = first.querySelector('span[aria-hidden]') as HTMLElement;
    expect(swatch.style.backgroundColor).toBe('red');
    expect(within(table).getByRole('cell', { name: 'Pears' }).querySelector('span[aria-hidden]')).toBeNull();
  });
});
