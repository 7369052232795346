import { useCallback, useEffect, useRef, useState } from 'react';
import { FIRST_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import type { AppSummary } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { DataTable } from '../../ui/table/data-table';
import { sortAndPage, type TableColumn, type TablePage, type TableSort } from '../../ui/table/table-state';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { SectionProps } from './admin-console';
import { AppDialog, type Registered } from './app-dialog';
import { AppSecretDialog } from './app-secret-dialog';
import { useDialog } from './use-dialog';
import { imageUrl } from './upload-image';

/** The word typed to delete an app. */
export const DELETE_WORD = 'DELETE';

type AppRow = AppSummary & { status: string; kind: string };
type Confirmation = { action: 'rotate' | 'disable' | 'delete'; app: AppSummary };

const toRow = (app: AppSummary): AppRow => ({ ...app, status: app.disabled ? 'Disabled' : 'Active', kind: app.type === 'confidential' ? 'Confidential' : 'Public' });

/**
 * /admin/{orgId}/apps: the organization's apps (with their redirect URIs and back-channel logout URI), registered,
 * changed, turned off and on, their secret rotated, deleted.
 */
export function AppsSection({ orgId, settings }: SectionProps) {
  const [apps, setApps] = useState<AppRow[] | null>(null);
  const [sort, setSort] = useState<TableSort | null>({ name: 1 });
  const [page, setPage] = useState<TablePage>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();
  const editing = useDialog<AppSummary | null>();
  const secret = useDialog<Registered>();
  const confirming = useDialog<Confirmation>();
  // A secret to show once the dialog that asked for it (register, rotate) has closed and handed the focus back: opened
  // earlier, the secret's dialog saw that focus move outside it and asked whether to close.
  const [fresh, setFresh] = useState<Registered | null>(null);
  // The button that began a registration or a rotation: the secret's dialog hands the focus back to it.
  const trigger = useRef<HTMLElement | null>(null);
  const showSecret = secret.show;
  useEffect(() => {
    if (!fresh || editing.open || confirming.open) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        showSecret(fresh);
        setFresh(null);
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [fresh, editing.open, confirming.open, showSecret]);

  useEffect(() => {
    let current = true;
    call('getOrganizationApps', { orgId }).then(
      ({ list }) => current && setApps(list.map(toRow)),
      (failure: unknown) => {
        if (!current) return;
        showError(errorMessage(failure));
        setApps([]);
      },
    );
    return () => {
      current = false;
    };
  }, [orgId, generation, showError]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  /** Changes an app: the contract's update names the app's name and redirect URIs each time. */
  const update = (app: AppSummary, change: { disabled: boolean }) => call('updateApp', { orgId, clientId: app.clientId, name: app.name, redirectUris: app.redirectUris, ...change });

  const confirm = async ({ action, app }: Confirmation) => {
    setBusy(true);
    try {
      if (action === 'rotate') {
        setFresh(await call('rotateAppSecret', { orgId, clientId: app.clientId }));
        showToast(`A new secret replaced the old one of ${app.name}.`);
      } else if (action === 'disable') {
        await update(app, { disabled: true });
        showToast(`${app.name} is turned off: it signs nobody in.`);
      } else {
        await call('deleteApp', { orgId, clientId: app.clientId });
        showToast(`${app.name} was deleted.`);
      }
      reload();
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      confirming.hide();
    }
  };

  const enable = async (app: AppSummary) => {
    try {
      await update(app, { disabled: false });
      showToast(`${app.name} is turned on again.`);
      reload();
    } catch (failure) {
      showError(errorMessage(failure));
    }
  };

  const columns: TableColumn<AppRow>[] = [
    {
      title: 'Name',
      param: 'name',
      sort: true,
      render: (app) => (
        <span className="admin-app-name">
          <Avatar name="" image={imageUrl(app.logoUrl)} width={32} />
          <span className="admin-person">
            {app.name}
            <code className="muted">{app.clientId}</code>
          </span>
        </span>
      ),
    },
    { title: 'Type', param: 'kind', sort: true },
    {
      title: 'Redirect URIs',
      param: 'redirectUris',
      render: (app) => (
        <ul className="admin-uris">
          {app.redirectUris.map((uri) => (
            <li key={uri}>{uri}</li>
          ))}
        </ul>
      ),
    },
    {
      title: 'Back-channel logout',
      param: 'backchannelLogoutUri',
      render: (app) => (app.backchannelLogoutUri ? <span className="admin-uri">{app.backchannelLogoutUri}</span> : <span className="muted">None</span>),
    },
    { title: 'API access', param: 'apiAccess', render: (app) => (app.apiAccess ? 'Admin API' : <span className="muted">None</span>) },
    {
      title: 'Status',
      param: 'status',
      sort: true,
      render: (app) => <span className={app.disabled ? 'admin-badge admin-badge-warning' : 'admin-badge admin-badge-ok'}>{app.status}</span>,
    },
    {
      title: 'Actions',
      param: 'actions',
      render: (app) => (
        <span className="admin-row-actions">
          <Button variant="secondary" className="button-compact" aria-label={`Edit ${app.name}`} onClick={() => editing.show(app)}>
            Edit
          </Button>
          {app.type === 'confidential' ? (
            <Button
              variant="secondary"
              className="button-compact"
              aria-label={`Rotate secret of ${app.name}`}
              onClick={(event) => {
                trigger.current = event.currentTarget;
                confirming.show({ action: 'rotate', app });
              }}
            >
              Rotate secret
            </Button>
          ) : null}
          {app.disabled ? (
            <Button variant="secondary" className="button-compact" aria-label={`Turn on ${app.name}`} onClick={() => void enable(app)}>
              Turn on
            </Button>
          ) : (
            <Button variant="secondary" className="button-compact" aria-label={`Turn off ${app.name}`} onClick={() => confirming.show({ action: 'disable', app })}>
              Turn off
            </Button>
          )}
          <Button variant="secondary" className="button-compact button-danger" aria-label={`Delete ${app.name}`} onClick={() => confirming.show({ action: 'delete', app })}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  const pending = confirming.subject;
  return (
    <>
      <div className="admin-toolbar">
        <Button
          onClick={(event) => {
            trigger.current = event.currentTarget;
            editing.show(null);
          }}
        >
          Register an app
        </Button>
      </div>
      <AlertMessage message={error} />
      <DataTable
        caption={`Apps of ${settings.company}`}
        columns={columns}
        rows={sortAndPage(apps ?? [], sort, page)}
        rowKey={(app) => app.clientId}
        total={apps?.length ?? 0}
        loading={apps === null}
        sort={sort}
        onSortChange={setSort}
        page={page.page}
        pageSize={page.pageSize}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        onPageChange={setPage}
      />
      {editing.key > 0 ? (
        <AppDialog
          key={`editing-${editing.key}`}
          open={editing.open}
          orgId={orgId}
          app={editing.subject}
          onClose={editing.hide}
          onSaved={(app) => {
            editing.hide();
            showToast(`${app.name} saved.`);
            reload();
          }}
          onRegistered={(registered) => {
            editing.hide();
            showToast(`${registered.app.name} is registered.`);
            if (registered.clientSecret) setFresh(registered);
            reload();
          }}
        />
      ) : null}
      <AppSecretDialog key={`secret-${secret.key}`} open={secret.open} registered={secret.subject} returnFocusTo={trigger} onClose={secret.hide} />
      <ConfirmDialog
        key={`confirming-${confirming.key}`}
        open={confirming.open}
        title={pending ? CONFIRM_TITLES[pending.action](pending.app.name) : ''}
        message={pending ? CONFIRM_MESSAGES[pending.action] : undefined}
        word={pending?.action === 'delete' ? DELETE_WORD : undefined}
        confirmLabel={pending ? CONFIRM_LABELS[pending.action] : 'Confirm'}
        busy={busy}
        onConfirm={() => pending && void confirm(pending)}
        onCancel={confirming.hide}
      />
    </>
  );
}

const CONFIRM_TITLES: Record<Confirmation['action'], (name: string) => string> = {
  rotate: (name) => `Replace the secret of ${name}?`,
  disable: (name) => `Turn off ${name}?`,
  delete: (name) => `Delete ${name}?`,
};
const CONFIRM_MESSAGES: Record<Confirmation['action'], string> = {
  rotate: 'The current secret stops working at once: the app signs nobody in until its configuration has the new one, which is shown only once.',
  disable: 'It signs nobody in and every token it was given stops working, until you turn it on again.',
  delete: 'It signs nobody in any more and every token it was given stops working. This cannot be undone: registering it again gives it a new client ID.',
};
const CONFIRM_LABELS: Record<Confirmation['action'], string> = { rotate: 'Rotate secret', disable: 'Turn off', delete: 'Delete' };
