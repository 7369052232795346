import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import { errorMessage } from '../../api';
import type { TablePage, TableSort } from '../../ui/table/table-state';

/** The longest search term the console's list events accept. */
const SEARCH_MAX = 100;

/** What a console table asks the server for: a page (40 rows by default, spec section 9), its sort and search. */
export interface TableRequest extends TablePage {
  sort: TableSort | null;
  search: string;
}

type Answer<Reply> = { request: TableRequest; generation: number } & ({ ok: true; reply: Reply } | { ok: false; message: string });

/**
 * One server-paged table: the request and the page it brought back. A new search or sort goes back to page 1; until
 * the answer to the current request arrives the table shows its skeleton, and an answer to an older request is
 * dropped. `reload` asks for the same page again (after a change).
 */
export function useServerTable<Reply extends { list: unknown[]; total: number }>(fetchPage: (request: TableRequest) => Promise<Reply>, initialSort: TableSort | null) {
  const [request, setRequest] = useState<TableRequest>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE, sort: initialSort, search: '' });
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<Answer<Reply> | null>(null);

  useEffect(() => {
    let current = true;
    fetchPage(request).then(
      (reply) => current && setAnswer({ request, generation, ok: true, reply }),
      (failure: unknown) => current && setAnswer({ request, generation, ok: false, message: errorMessage(failure) }),
    );
    return () => {
      current = false;
    };
  }, [fetchPage, request, generation]);

  const answered = answer !== null && answer.request === request && answer.generation === generation;
  // A reload keeps the rows on screen until the new page arrives; a new page, sort or search shows the skeleton.
  const fresh = answer !== null && answer.request === request;
  return {
    request,
    reply: answer?.ok && fresh ? answer.reply : null,
    loading: !answered && !(fresh && answer?.ok),
    error: answered && !answer.ok ? answer.message : null,
    setPage: useCallback((page: TablePage) => setRequest((current) => ({ ...current, ...page })), []),
    setSort: useCallback((sort: TableSort | null) => setRequest((current) => ({ ...current, sort, page: FIRST_PAGE })), []),
    // The contract takes at most 100 characters of search; a longer paste searches its first 100, never a refusal.
    setSearch: useCallback((search: string) => setRequest((current) => ({ ...current, search: search.slice(0, SEARCH_MAX), page: FIRST_PAGE })), []),
    reload: useCallback(() => setGeneration((value) => value + 1), []),
  };
}
