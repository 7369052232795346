import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import type { SessionSummary } from '../../../shared/protocol/security-schemas';
import { call } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { SearchInput } from '../../ui/search-input';
import { DataTable } from '../../ui/table/data-table';
import { sortAndPage, type TableColumn, type TablePage, type TableSort } from '../../ui/table/table-state';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatAgo, formatTime, placeLabel, platformLabel } from './account-format';
import { AccountLayout } from './account-layout';
import { TrustedDevicesSection } from './trusted-devices-section';
import { useAccountList } from './use-account-list';

/** A session as the table shows and searches it. */
type SessionRow = SessionSummary & { platformText: string; place: string };

const toRow = (session: SessionSummary): SessionRow => ({ ...session, platformText: platformLabel(session), place: placeLabel(session) });

/** Every text a search looks in. */
export function sessionMatches(row: SessionRow, term: string): boolean {
  const needle = term.toLowerCase();
  return [row.device, row.platformText, row.ip ?? '', row.place].some((text) => text.toLowerCase().includes(needle));
}

type Pending = { kind: 'one'; session: SessionRow } | { kind: 'others' } | null;

const loadSessions = () => call('getSessionList', {}).then(({ list }) => list.map(toRow));

/** /account/sessions: every live session, this device marked; sign out one, or every other, after a confirmation. */
export function SessionsScreen() {
  const t = useT();
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<TableSort | null>({ lastSeenAt: -1 });
  const [page, setPage] = useState<TablePage>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useTimedMessage();
  const { list: sessions, busy, change } = useAccountList(loadSessions, setError);

  const matching = useMemo(() => (sessions ?? []).filter((row) => term === '' || sessionMatches(row, term)), [sessions, term]);
  const others = (sessions ?? []).filter((row) => !row.current).length;

  const confirm = async () => {
    if (!pending) return;
    await change(async () => {
      if (pending.kind === 'one') {
        await call('endSession', { sessionId: pending.session.id });
        showToast(t('account.signedOutOne', { device: pending.session.device }));
      } else {
        const { ended } = await call('endOtherSessions', undefined);
        showToast(t('account.signedOutOthers', { count: ended }));
      }
    }, () => setPending(null));
  };

  const columns: TableColumn<SessionRow>[] = [
    {
      title: t('account.colDevice'),
      param: 'device',
      sort: true,
      render: (row) => (
        <span className="session-device">
          {/* The server's description of the browser and system ("Chrome 126 on Linux"), kept as it was recorded. */}
          <span lang="en">{row.device}</span>
          {row.current ? <span className="this-device">{t('account.thisDevice')}</span> : null}
        </span>
      ),
    },
    { title: t('account.colPlatform'), param: 'platformText', sort: true },
    { title: t('account.colAddress'), param: 'ip', sort: true, tooltip: t('account.colAddressHint') },
    { title: t('account.colPlace'), param: 'place', tooltip: t('account.colPlaceHint') },
    { title: t('account.colSignedIn'), param: 'signedInAt', sort: true, render: (row) => formatTime(row.signedInAt) },
    {
      title: t('account.colLastSeen'),
      param: 'lastSeenAt',
      sort: true,
      render: (row) => (row.current ? t('account.now') : <time dateTime={row.lastSeenAt} title={formatTime(row.lastSeenAt)}>{formatAgo(row.lastSeenAt)}</time>),
    },
    {
      title: t('account.colAction'),
      param: 'id',
      render: (row) =>
        row.current ? (
          <span className="muted">{t('account.useLogout')}</span>
        ) : (
          <Button variant="secondary" className="button-compact" aria-label={t('account.signOutLabel', { device: row.device, ago: formatAgo(row.lastSeenAt) })} onClick={() => setPending({ kind: 'one', session: row })}>
            {t('account.signOut')}
          </Button>
        ),
    },
  ];

  return (
    <AccountLayout title={t('account.sessionsTitle')} intro={t('account.sessionsIntro')}>
      <AlertMessage message={error} />
      <div className="account-toolbar">
        <SearchInput
          id="session-search"
          label={t('account.searchSessions')}
          placeholder={t('account.sessionsSearchPlaceholder')}
          onSearch={(value) => {
            setTerm(value);
            setPage((current) => ({ ...current, page: FIRST_PAGE }));
          }}
        />
        <Button variant="secondary" disabled={others === 0} onClick={() => setPending({ kind: 'others' })}>
          {t('account.signOutOthers')}
        </Button>
      </div>
      <DataTable
        caption={t('account.sessionsTitle')}
        columns={columns}
        rows={sortAndPage(matching, sort, page)}
        rowKey={(row) => row.id}
        total={matching.length}
        loading={sessions === null}
        sort={sort}
        onSortChange={setSort}
        page={page.page}
        pageSize={page.pageSize}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'one' ? t('account.signOutOneTitle') : t('account.signOutOthersTitle')}
        message={
          pending?.kind === 'one'
            ? t('account.signOutOneMessage', { device: pending.session.device, platform: pending.session.platformText })
            : t('account.signOutOthersMessage', { count: others })
        }
        confirmLabel={t('account.signOut')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <TrustedDevicesSection />
    </AccountLayout>
  );
}
