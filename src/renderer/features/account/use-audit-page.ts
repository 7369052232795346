import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import type { AuditFilter } from '../../../shared/protocol/security-schemas';
import { errorMessage } from '../../api';
import type { TablePage, TableSort } from '../../ui/table/table-state';

/** What an audit table asks the server for: a page, its sort, and the filter. */
export interface AuditRequest extends TablePage {
  sort: TableSort | null;
  filter: AuditFilter;
}

export type AuditState<Row> = { status: 'loading' | 'ready'; rows: Row[]; total: number } | { status: 'failed'; message: string; rows: Row[]; total: number };

type Answer<Row> = { request: AuditRequest; source: unknown } & ({ ok: true; rows: Row[]; total: number } | { ok: false; message: string });

/**
 * One server-paged audit table: the request (page, size, sort, filter) and the page it brought back. A new filter or
 * sort goes back to page 1; until the answer to the current request arrives, the table is loading, and an answer to
 * an older request is dropped.
 */
export function useAuditPage<Row>(fetchPage: ((request: AuditRequest) => Promise<{ list: Row[]; total: number }>) | null) {
  const [request, setRequest] = useState<AuditRequest>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE, sort: { at: -1 }, filter: {} });
  const [answer, setAnswer] = useState<Answer<Row> | null>(null);

  useEffect(() => {
    if (!fetchPage) return;
    let current = true;
    fetchPage(request).then(
      ({ list, total }) => current && setAnswer({ request, source: fetchPage, ok: true, rows: list, total }),
      (failure: unknown) => current && setAnswer({ request, source: fetchPage, ok: false, message: errorMessage(failure) }),
    );
    return () => {
      current = false;
    };
  }, [fetchPage, request]);

  const answered = answer !== null && answer.request === request && answer.source === fetchPage;
  const state: AuditState<Row> =
    answer === null
      ? { status: 'loading', rows: [], total: 0 }
      : answer.ok
        ? { status: answered ? 'ready' : 'loading', rows: answer.rows, total: answer.total }
        : answered
          ? { status: 'failed', message: answer.message, rows: [], total: 0 }
          : { status: 'loading', rows: [], total: 0 };

  return {
    request,
    state,
    setPage: (page: TablePage) => setRequest((current) => ({ ...current, ...page })),
    setSort: (sort: TableSort | null) => setRequest((current) => ({ ...current, sort, page: FIRST_PAGE })),
    setFilter: (filter: AuditFilter) => setRequest((current) => ({ ...current, filter, page: FIRST_PAGE })),
  };
}
