import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../shared/limits';
import { DataTable } from './data-table';
import { nextSort, sortAndPage, withPageSize, type TableColumn, type TablePage, type TableSort } from './table-state';

interface Person {
  id: string;
  name: string;
  age: number;
  secret: string;
}

const PEOPLE: Person[] = Array.from({ length: 45 }, (_, index) => ({ id: `p${index}`, name: `Person ${String(index).padStart(2, '0')}`, age: 20 + (index % 30), secret: 'x' }));
const COLUMNS: TableColumn<Person>[] = [
  { title: 'Name', param: 'name', sort: true, tooltip: 'Full name' },
  { title: 'Age', param: 'age', sort: true, render: (person) => <strong>{person.age} years</strong> },
  { title: 'Secret', param: 'secret', visible: false },
];

/** A page of PEOPLE held in memory, the way a screen feeds the table from a server page. */
function PeopleTable({ loading = false, rows = PEOPLE, initialSize = DEFAULT_PAGE_SIZE, onPage }: { loading?: boolean; rows?: Person[]; initialSize?: number; onPage?: (page: TablePage) => void }) {
  const [sort, setSort] = useState<TableSort | null>(null);
  const [page, setPage] = useState<TablePage>({ page: 1, pageSize: initialSize });
  return (
    <DataTable
      caption="People"
      columns={COLUMNS}
      rows={sortAndPage(rows, sort, page)}
      rowKey={(person) => person.id}
      total={rows.length}
      loading={loading}
      sort={sort}
      onSortChange={setSort}
      {...page}
      onPageChange={(next) => {
        onPage?.(next);
        setPage(next);
      }}
    />
  );
}

const bodyRows = () => within(screen.getByRole('table', { name: 'People' })).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('shows a skeleton while loading, announced as loading', () => {
    render(<PeopleTable loading />);
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading People…');
    expect(screen.queryByText('Person 00')).not.toBeInTheDocument();
  });

  it("shows 'No data to display' when there are no rows", () => {
    render(<PeopleTable rows={[]} />);
    expect(screen.getByText('No data to display')).toBeInTheDocument();
  });

  it('shows the visible columns with their renderers, the default page size 40, pages from 1', () => {
    render(<PeopleTable />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name↕', 'Age↕']);
    expect(bodyRows()).toHaveLength(40);
    expect(screen.getByText('1–40 of 45')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByText('20 years')[0]!.tagName).toBe('STRONG');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('40');
  });

  it('offers exactly the page sizes 20, 40, 60, 80 and 100, and a new size goes back to page 1', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    render(<PeopleTable onPage={onPage} />);
    const size = screen.getByLabelText('Rows per page');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['20', '40', '60', '80', '100']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    await user.selectOptions(size, '20');
    expect(onPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(20);
  });

  it('sorts by {param: 1}, then {param: -1}, then not at all, from a keyboard-operable header', async () => {
    const user = userEvent.setup();
    render(<PeopleTable />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    screen.getByRole('button', { name: /Name/ }).focus();
    await user.keyboard('{Enter}');
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(within(bodyRows()[0]!).getByText('Person 00')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0]!).getByText('Person 44')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('keeps the elements of a cell when the screen renders again with a new columns array (the focus stays on them)', () => {
    const Actions = ({ generation }: { generation: number }) => (
      <DataTable
        caption="People"
        // A new array and new render functions at every render, as a screen writes them inline.
        columns={[{ title: 'Name', param: 'name', render: (person: Person) => <button type="button">Edit {person.name}</button> }, { title: 'Age', param: 'age', render: () => generation }]}
        rows={PEOPLE.slice(0, 2)}
        rowKey={(person) => person.id}
        total={2}
        page={1}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={() => undefined}
      />
    );
    const { rerender } = render(<Actions generation={1} />);
    const button = screen.getByRole('button', { name: 'Edit Person 00' });
    button.focus();
    rerender(<Actions generation={2} />);
    expect(screen.getByRole('button', { name: 'Edit Person 00' })).toBe(button);
    expect(button).toHaveFocus();
    expect(screen.getAllByText('2')).toHaveLength(2);
  });

  it('scrolls a wide table inside a named region the keyboard can reach', () => {
    render(<PeopleTable />);
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0');
  });

  it('names each value by its column in the cell, for the cards a narrow table becomes, hidden from assistive technology', () => {
    render(<PeopleTable />);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.querySelector('.data-table-label')?.textContent)).toEqual(['Name', 'Age']);
    for (const cell of cells) expect(cell.querySelector('.data-table-label')).toHaveAttribute('aria-hidden', 'true');
    expect(within(cells[1]!).getByText('20 years').tagName).toBe('STRONG');
  });

  it('sort and page helpers follow the spec', () => {
    expect(nextSort(null, 'name')).toEqual({ name: 1 });
    expect(nextSort({ name: 1 }, 'name')).toEqual({ name: -1 });
    expect(nextSort({ name: -1 }, 'name')).toBeNull();
    expect(nextSort({ age: 1 }, 'name')).toEqual({ name: 1 });
    expect(withPageSize({ page: 3, pageSize: 20 }, 60)).toEqual({ page: 1, pageSize: 60 });
    expect(withPageSize({ page: 3, pageSize: 20 }, 20)).toEqual({ page: 3, pageSize: 20 });
    expect(sortAndPage(PEOPLE, { age: -1 }, { page: 1, pageSize: 2 }).map((person) => person.age)).toEqual([49, 48]);
  });
});
