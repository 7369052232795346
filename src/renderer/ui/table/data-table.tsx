import { columnVisibilityFeature, rowPaginationFeature, rowSortingFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import { tEnglish, useT } from '../../i18n/screens';
import { Tooltip } from '../tooltip';
import { Pagination } from './pagination';
import { nextSort, type TableColumn, type TablePage, type TableSort } from './table-state';
import './table.css';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnVisibilityFeature });

interface DataTableProps<Row extends object> extends TablePage {
  /** The table's accessible name (its caption). */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Rows of all pages together. */
  total: number;
  loading?: boolean;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  onPageChange: (page: TablePage) => void;
  pageSizeOptions?: readonly number[];
  /** Shown instead of the rows when there are none; spec section 8: 'No data to display' (an English text the catalog has is shown translated). */
  empty?: ReactNode;
}

const SKELETON_ROWS = 5;

/**
 * The shared table (spec sections 3, 4 and 8): TanStack Table keeps its model (columns, visibility, sorting and
 * pagination, all driven by the caller: the rows are one page from the server); this renders a skeleton while
 * loading, 'No data to display' when empty, and otherwise the rows, with sortable headers and pages from 1.
 */
export function DataTable<Row extends object>({
  caption,
  columns,
  rows,
  rowKey,
  total,
  loading = false,
  sort = null,
  onSortChange,
  page,
  pageSize,
  onPageChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  empty,
}: DataTableProps<Row>) {
  const t = useT();
  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.param,
        accessorFn: (row: Row) => (row as Record<string, unknown>)[column.param],
        header: column.title,
        enableSorting: Boolean(column.sort),
      })),
    [columns],
  );
  const sortEntry = Object.entries(sort ?? {})[0];
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as Row[],
    getRowId: (row: Row) => rowKey(row),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    state: {
      sorting: sortEntry ? [{ id: sortEntry[0], desc: sortEntry[1] === -1 }] : [],
      pagination: { pageIndex: page - 1, pageSize },
      columnVisibility: Object.fromEntries(columns.map((column) => [column.param, column.visible !== false])),
    },
  });
  const byParam = new Map(columns.map((column) => [column.param, column]));
  const visibleCount = table.getVisibleLeafColumns().length;

  return (
    <div className="data-table">
      {/* A table wider than the screen scrolls here, not the page: a named region the keyboard can reach and scroll.
          Where the table itself is narrow (a phone), each row is a card of title and value pairs instead (table.css). */}
      <div className="data-table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table aria-busy={loading || undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byParam.get(header.column.id)!;
                  const direction = sort?.[column.param];
                  const title = column.tooltip ? (
                    <Tooltip content={column.tooltip}>
                      <span className="data-table-hint" tabIndex={column.sort ? -1 : 0}>
                        {column.title}
                      </span>
                    </Tooltip>
                  ) : (
                    column.title
                  );
                  return (
                    <th key={header.id} scope="col" aria-sort={direction === 1 ? 'ascending' : direction === -1 ? 'descending' : column.sort ? 'none' : undefined}>
                      {column.sort && onSortChange ? (
                        <button type="button" className="data-table-sort" onClick={() => onSortChange(nextSort(sort, column.param))}>
                          {title}
                          <span className="data-table-sort-mark" aria-hidden="true">
                            {direction === 1 ? '▲' : direction === -1 ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading ? (
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={`skeleton-${index}`} className="data-table-skeleton" aria-hidden="true">
                  {Array.from({ length: visibleCount }, (__, cell) => (
                    <td key={cell}>
                      <span className="skeleton-bar" />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={visibleCount} className="data-table-empty">
                  {empty === undefined ? t('table.noData') : typeof empty === 'string' ? tEnglish(empty) : empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => {
                    // Called as a function, not rendered through FlexRender: that treats a cell renderer as a component
                    // type, new with every new columns array, so each render of the screen replaced the cells' elements
                    // (a button that opened a dialog was gone when the focus came back to it).
                    const column = byParam.get(cell.column.id)!;
                    // The column's title beside the value, shown only when the rows are cards (table.css): hidden from
                    // assistive technology, which has the header already.
                    return (
                      <td key={cell.id}>
                        <span className="data-table-label" aria-hidden="true">
                          {column.title}
                        </span>
                        <span className="data-table-value">{column.render ? column.render(row.original) : String(cell.getValue() ?? '')}</span>
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
        {loading ? (
          <p className="visually-hidden" role="status">
            {t('table.loading', { caption })}
          </p>
        ) : null}
      </div>
      <Pagination label={caption} page={page} pageSize={pageSize} total={total} options={pageSizeOptions} onChange={onPageChange} />
    </div>
  );
}
