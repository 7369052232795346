import { useCallback, useEffect, useRef, useState } from 'react';
import { FIRST_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import type { AppSummary } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { useT, type MessageId } from '../../i18n/screens';
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
  const t = useT();
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
        showToast(t('adminApps.toastRotated', { name: app.name }));
      } else if (action === 'disable') {
        await update(app, { disabled: true });
        showToast(t('adminApps.toastDisabled', { name: app.name }));
      } else {
        await call('deleteApp', { orgId, clientId: app.clientId });
        showToast(t('adminApps.toastDeleted', { name: app.name }));
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
      showToast(t('adminApps.toastEnabled', { name: app.name }));
      reload();
    } catch (failure) {
      showError(errorMessage(failure));
    }
  };

  const columns: TableColumn<AppRow>[] = [
    {
      title: t('adminApps.columnName'),
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
    { title: t('adminApps.columnType'), param: 'kind', sort: true, render: (app) => (app.type === 'confidential' ? t('adminApps.typeConfidential') : t('adminApps.typePublic')) },
    {
      title: t('adminApps.columnRedirectUris'),
      param: 'redirectUris',
      render: (app) => (
        <ul className="admin-uris">
          {app.redirectUris.map((uri) => (
            <li key={uri} dir="ltr">
              {uri}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: t('adminApps.columnLogout'),
      param: 'backchannelLogoutUri',
      render: (app) =>
        app.backchannelLogoutUri ? (
          <span className="admin-uri" dir="ltr">
            {app.backchannelLogoutUri}
          </span>
        ) : (
          <span className="muted">{t('adminApps.none')}</span>
        ),
    },
    { title: t('adminApps.columnApiAccess'), param: 'apiAccess', render: (app) => (app.apiAccess ? t('adminApps.adminApi') : <span className="muted">{t('adminApps.none')}</span>) },
    {
      title: t('adminApps.columnStatus'),
      param: 'status',
      sort: true,
      render: (app) => <span className={app.disabled ? 'admin-badge admin-badge-warning' : 'admin-badge admin-badge-ok'}>{app.disabled ? t('adminApps.statusDisabled') : t('adminApps.statusActive')}</span>,
    },
    {
      title: t('adminApps.columnActions'),
      param: 'actions',
      render: (app) => (
        <span className="admin-row-actions">
          <Button variant="secondary" className="button-compact" aria-label={t('adminApps.editLabel', { name: app.name })} onClick={() => editing.show(app)}>
            {t('adminApps.edit')}
          </Button>
          {app.type === 'confidential' ? (
            <Button
              variant="secondary"
              className="button-compact"
              aria-label={t('adminApps.rotateLabel', { name: app.name })}
              onClick={(event) => {
                trigger.current = event.currentTarget;
                confirming.show({ action: 'rotate', app });
              }}
            >
              {t('adminApps.rotate')}
            </Button>
          ) : null}
          {app.disabled ? (
            <Button variant="secondary" className="button-compact" aria-label={t('adminApps.turnOnLabel', { name: app.name })} onClick={() => void enable(app)}>
              {t('adminApps.turnOn')}
            </Button>
          ) : (
            <Button variant="secondary" className="button-compact" aria-label={t('adminApps.turnOffLabel', { name: app.name })} onClick={() => confirming.show({ action: 'disable', app })}>
              {t('adminApps.turnOff')}
            </Button>
          )}
          <Button variant="secondary" className="button-compact button-danger" aria-label={t('adminApps.deleteLabel', { name: app.name })} onClick={() => confirming.show({ action: 'delete', app })}>
            {t('adminApps.delete')}
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
          {t('adminApps.register')}
        </Button>
      </div>
      <AlertMessage message={error} />
      <DataTable
        caption={t('adminApps.caption', { company: settings.company })}
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
            showToast(t('adminApps.toastSaved', { name: app.name }));
            reload();
          }}
          onRegistered={(registered) => {
            editing.hide();
            showToast(t('adminApps.toastRegistered', { name: registered.app.name }));
            if (registered.clientSecret) setFresh(registered);
            reload();
          }}
        />
      ) : null}
      <AppSecretDialog key={`secret-${secret.key}`} open={secret.open} registered={secret.subject} returnFocusTo={trigger} onClose={secret.hide} />
      <ConfirmDialog
        key={`confirming-${confirming.key}`}
        open={confirming.open}
        title={pending ? t(CONFIRM_TITLES[pending.action], { name: pending.app.name }) : ''}
        message={pending ? t(CONFIRM_MESSAGES[pending.action]) : undefined}
        word={pending?.action === 'delete' ? DELETE_WORD : undefined}
        confirmLabel={pending ? t(CONFIRM_LABELS[pending.action]) : undefined}
        busy={busy}
        onConfirm={() => pending && void confirm(pending)}
        onCancel={confirming.hide}
      />
    </>
  );
}

const CONFIRM_TITLES: Record<Confirmation['action'], MessageId> = {
  rotate: 'adminApps.confirmRotateTitle',
  disable: 'adminApps.confirmDisableTitle',
  delete: 'adminApps.confirmDeleteTitle',
};
const CONFIRM_MESSAGES: Record<Confirmation['action'], MessageId> = {
  rotate: 'adminApps.confirmRotate',
  disable: 'adminApps.confirmDisable',
  delete: 'adminApps.confirmDelete',
};
const CONFIRM_LABELS: Record<Confirmation['action'], MessageId> = { rotate: 'adminApps.rotate', disable: 'adminApps.turnOff', delete: 'adminApps.delete' };
