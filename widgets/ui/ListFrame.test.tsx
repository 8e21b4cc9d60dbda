/**
 * The list frame: its state before the rows (loading, the failure with Try again), the empty text
 * (under the header on a page, instead of the table in a section), and the spec's pager rule: ten
 * rows to a page, a pager only past one page unless the list counts its rows.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FluentProvider,
  TableCell,
  TableHeaderCell,
  TableRow,
  webLightTheme,
} from '@fluentui/react-components';
import { describe, expect, it, vi } from 'vitest';
import { ListFrame, type ListFrameProps } from './ListFrame.js';
import './testing/domMatchers.js';

type Row = { id: number };

function renderFrame(over: Partial<ListFrameProps<Row>> = {}) {
  const props: ListFrameProps<Row> = {
    variant: 'page',
    label: 'Things',
    rows: [],
    failed: false,
    loading: false,
    failedText: 'The things could not be loaded.',
    loadingText: 'Loading things…',
    emptyText: 'No things.',
    header: <TableHeaderCell>Thing</TableHeaderCell>,
    renderRow: (row) => (
      <TableRow key={row.id}>
        <TableCell>{`Thing ${row.id}`}</TableCell>
      </TableRow>
    ),
    pager: { page: 1, totalCount: 0, onPage: () => undefined },
    ...over,
  };
  return render(
    <FluentProvider theme={webLightTheme}>
      <ListFrame {...props} />
    </FluentProvider>,
  );
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('ListFrame', () => {
  it('shows its spinner while the first load is on its way', () => {
    renderFrame({ rows: undefined, loading: true });
    expect(screen.getByText('Loading things…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a failure as an alert, and Try again loads again where the list offers it', async () => {
    const onRetry = vi.fn();
    renderFrame({ rows: undefined, failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('The things could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no Try again when the list passes none', () => {
    renderFrame({ rows: undefined, failed: true });
    expect(screen.getByRole('alert').textContent).toBe('The things could not be loaded.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the header of an empty page and says so under it; a section says so instead', () => {
    const { unmount } = renderFrame();
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByText('No things.')).toBeInTheDocument();
    unmount();
    renderFrame({ variant: 'section' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No things.')).toBeInTheDocument();
  });

  it.each([
    [10, false],
    [11, true],
  ])('with %i rows, shows a pager: %s', (total, shown) => {
    renderFrame({ rows: rows(Math.min(total, 10)), pager: { page: 1, totalCount: total, onPage: () => {} } });
    expect(screen.getAllByRole('row')).toHaveLength(Math.min(total, 10) + 1);
    expect(screen.queryByRole('navigation', { name: 'Pages' }) !== null).toBe(shown);
  });

  it('always shows the pager, with the count, on a list that counts its rows', async () => {
    const onPage = vi.fn();
    renderFrame({ rows: rows(3), pager: { page: 1, totalCount: 3, noun: 'thing', onPage } });
    expect(screen.getByText('3 things · Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
