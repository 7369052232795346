import { ltr, tEnglish, useT } from '../../i18n/screens';
import { Link } from 'react-router-dom';
import { PRODUCT_LABELS } from '../../../shared/products';
import { MESSAGES } from '../../../shared/validation/messages';
import { SECURITY_CENTER_LINK } from '../account/account-paths';
import { ADMIN_CONSOLE_LINK } from '../admin/admin-paths';
import { LogoutButton } from '../../session/logout-button';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { OnboardingNotice } from './onboarding-notice';
import { useWorkspace } from './use-workspace';
import { WorkspaceSelection } from './workspace-selection';
import '../../ui/choice-card.css';
import './workspace.css';

/** Loads /account/*, the security center (beyond the spec): its own chunk, fetched when it is first opened. */
export const loadSecurityCenter = () => import('../account/security-center');

/** Loads /admin/*, the organization admin console (beyond the spec): its own chunk, fetched when it is first opened. */
export const loadAdminConsole = () => import('../admin/admin-console');

/** /workspace: choose an organization and a product, then go to that product (spec sections 2 and 4). */
export function WorkspaceScreen() {
  const t = useT();
  const { state, error, opening, email, reload, next } = useWorkspace();
  // The console's link for an administrator of at least one organization reachable from here.
  const administers = state.status === 'ready' && state.list.some((org) => org.isAdmin);

  return (
    <AuthLayout wide>
      <div className="workspace-topbar">
        {email ? <p className="signed-in-as">{t('workspace.signedInAs', { email: ltr(email) })}</p> : null}
        <nav className="workspace-topbar-links" aria-label={t('workspace.accountLinks')}>
          {administers ? <Link to={ADMIN_CONSOLE_LINK.route}>{t('workspace.adminConsole')}</Link> : null}
          <Link to={SECURITY_CENTER_LINK.route}>{t('workspace.security')}</Link>
        </nav>
      </div>
      <OnboardingNotice email={email} list={state.status === 'ready' ? state.list : []} />
      {state.status === 'loading' ? <LoadingScreen label={t('workspace.loading')} /> : null}
      {state.status === 'opening' ? <LoadingScreen label={t('workspace.opening', { product: PRODUCT_LABELS[state.product] })} /> : null}
      {state.status === 'failed' ? (
        <section className="oops">
          <h1>{tEnglish(MESSAGES.somethingWrong)}</h1>
          <p role="alert">{tEnglish(state.message)}</p>
          <div className="actions">
            <LogoutButton />
            <Button onClick={reload}>{t('workspace.reload')}</Button>
          </div>
        </section>
      ) : null}
      {state.status === 'ready' && state.list.length === 0 ? (
        <section className="oops">
          <h1>{t('workspace.oops')}</h1>
          <p>{tEnglish(MESSAGES.noOrganization)}</p>
          <div className="actions">
            <LogoutButton variant="primary" />
          </div>
        </section>
      ) : null}
      {state.status === 'ready' && state.list.length > 0 ? (
        <WorkspaceSelection
          key={state.serial}
          list={state.list}
          activeOrgId={state.activeOrgId}
          busy={opening}
          error={error}
          onNext={(choice) => void next(choice)}
          onReload={reload}
        />
      ) : null}
    </AuthLayout>
  );
}
