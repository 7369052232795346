import { useId } from 'react';
import { useT } from '../../i18n/screens';
import { pageCount, withPageSize, type TablePage } from './table-state';

interface PaginationProps extends TablePage {
  /** What is paged, for the navigation's name ('Sessions pages'). */
  label: string;
  total: number;
  options: readonly number[];
  onChange: (page: TablePage) => void;
}

/** Pages from 1, previous/next, and the page-size select; a new page size goes back to page 1. */
export function Pagination({ label, page, pageSize, total, options, onChange }: PaginationProps) {
  const t = useT();
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={t('table.pages', { label })}>
      <div className="pagination-size">
        <label htmlFor={sizeId}>{t('table.rowsPerPage')}</label>
        <select id={sizeId} className="field-input" value={pageSize} onChange={(event) => onChange(withPageSize({ page, pageSize }, Number(event.target.value)))}>
          {options.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p className="pagination-range" aria-live="polite">
        {t('table.range', { first, last, total })}
      </p>
      <div className="pagination-buttons">
        <button type="button" className="button button-secondary" aria-label={t('table.previousPage')} disabled={page <= 1} onClick={() => onChange({ page: page - 1, pageSize })}>
          {t('table.previous')}
        </button>
        <span aria-current="page">
          {t('table.pageOf', { page, pages })}
        </span>
        <button type="button" className="button button-secondary" aria-label={t('table.nextPage')} disabled={page >= pages} onClick={() => onChange({ page: page + 1, pageSize })}>
          {t('table.next')}
        </button>
      </div>
    </nav>
  );
}
