import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import type { SessionSummary } from '../../../shared/protocol/security-schemas';
import { call } from '../../api';
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
        showToast(`Signed out ${pending.session.device}.`);
      } else {
        const { ended } = await call('endOtherSessions', undefined);
        showToast(ended === 1 ? 'Signed out 1 other session.' : `Signed out ${ended} other sessions.`);
      }
    }, () => setPending(null));
  };

  const columns: TableColumn<SessionRow>[] = [
    {
      title: 'Device',
      param: 'device',
      sort: true,
      render: (row) => (
        <span className="session-device">
          {row.device}
          {row.current ? <span className="this-device">This device</span> : null}
        </span>
      ),
    },
    { title: 'Platform', param: 'platformText', sort: true },
    { title: 'Address', param: 'ip', sort: true, tooltip: 'The address of the latest call from this session.' },
    { title: 'Place of first sign-in', param: 'place', tooltip: 'The address the session signed in from. No location service is asked, so no town is named.' },
    { title: 'Signed in', param: 'signedInAt', sort: true, render: (row) => formatTime(row.signedInAt) },
    {
      title: 'Last seen',
      param: 'lastSeenAt',
      sort: true,
      render: (row) => (row.current ? 'Now' : <time dateTime={row.lastSeenAt} title={formatTime(row.lastSeenAt)}>{formatAgo(row.lastSeenAt)}</time>),
    },
    {
      title: 'Action',
      param: 'id',
      render: (row) =>
        row.current ? (
          <span className="muted">Use Logout</span>
        ) : (
          <Button variant="secondary" className="button-compact" aria-label={`Sign out ${row.device}, last seen ${formatAgo(row.lastSeenAt)}`} onClick={() => setPending({ kind: 'one', session: row })}>
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <AccountLayout title="Sessions and devices" intro="Everywhere your account is signed in now. Sign out a session you do not recognise, then change your password.">
      <AlertMessage message={error} />
      <div className="account-toolbar">
        <SearchInput
          id="session-search"
          label="Search sessions"
          placeholder="Device, platform or address"
          onSearch={(value) => {
            setTerm(value);
            setPage((current) => ({ ...current, page: FIRST_PAGE }));
          }}
        />
        <Button variant="secondary" disabled={others === 0} onClick={() => setPending({ kind: 'others' })}>
          Sign out all other sessions
        </Button>
      </div>
      <DataTable
        caption="Sessions and devices"
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
        title={pending?.kind === 'one' ? 'Sign out this session?' : 'Sign out all other sessions?'}
        message={
          pending?.kind === 'one'
            ? `${pending.session.device} (${pending.session.platformText}) will be signed out at its next step; a desktop app also forgets its saved sign-in.`
            : `Every session but this one will be signed out: ${others === 1 ? '1 session' : `${others} sessions`}.`
        }
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <TrustedDevicesSection />
    </AccountLayout>
  );
}
