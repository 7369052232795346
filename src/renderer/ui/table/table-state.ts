import type { ReactNode } from 'react';
import { FIRST_PAGE } from '../../../shared/limits';

/** A column of the shared table (spec section 3): title, param, sort flag, visible, render, tooltip. */
export interface TableColumn<Row> {
  title: string;
  /** The row field shown (and the key a sort uses). */
  param: string;
  /** Whether the column can be sorted. */
  sort?: boolean;
  /** Hidden when false; shown otherwise. */
  visible?: boolean;
  /** Renders the cell; without it, the field's value as text. */
  render?: (row: Row) => ReactNode;
  /** A hint on the column header. */
  tooltip?: string;
}

/** The table's sort (spec section 3): {param: 1} ascending, {param: -1} descending; null for none. */
export type TableSort = Record<string, 1 | -1>;

export interface TablePage {
  /** From 1. */
  page: number;
  pageSize: number;
}

/** The next sort when a column header is pressed: ascending, then descending, then none. */
export function nextSort(current: TableSort | null, param: string): TableSort | null {
  const direction = current?.[param];
  if (direction === undefined) return { [param]: 1 };
  if (direction === 1) return { [param]: -1 };
  return null;
}

/** Spec section 4: changing the page size goes back to page 1. */
export function withPageSize(current: TablePage, pageSize: number): TablePage {
  return pageSize === current.pageSize ? current : { page: FIRST_PAGE, pageSize };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** For a table over rows held in memory: sorts by the sort object, then cuts the page. */
export function sortAndPage<Row>(rows: readonly Row[], sort: TableSort | null, { page, pageSize }: TablePage): Row[] {
  const [param, direction] = Object.entries(sort ?? {})[0] ?? [];
  const sorted = param
    ? [...rows].sort((a, b) => {
        const left = (a as Record<string, unknown>)[param];
        const right = (b as Record<string, unknown>)[param];
        const order = typeof left === 'number' && typeof right === 'number' ? left - right : String(left ?? '').localeCompare(String(right ?? ''), undefined, { numeric: true });
        return order * (direction ?? 1);
      })
    : [...rows];
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}
