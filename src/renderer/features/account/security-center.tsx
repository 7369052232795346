import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PASSKEY_EVENTS } from '../../../shared/protocol/passkey-events';
import { SECURITY_EVENTS } from '../../../shared/protocol/security-events';
import { extendContract } from '../../api';
import { ACCOUNT_PATHS } from './account-paths';
import { ConnectedAppsScreen } from './connected-apps-screen';
import { HistoryScreen } from './history-screen';
import { OrganizationAuditScreen } from './organization-audit-screen';
import { PasskeysScreen } from './passkeys-screen';
import { SecondFactorScreen } from './second-factor-screen';
import { SessionsScreen } from './sessions-screen';

// The security center's events come with its chunk, not with /login's.
extendContract(SECURITY_EVENTS);
extendContract(PASSKEY_EVENTS);

const SECTIONS: Record<string, ComponentType> = {
  [ACCOUNT_PATHS.sessions]: SessionsScreen,
  [ACCOUNT_PATHS.history]: HistoryScreen,
  [ACCOUNT_PATHS.secondFactor]: SecondFactorScreen,
  [ACCOUNT_PATHS.connectedApps]: ConnectedAppsScreen,
  [ACCOUNT_PATHS.passkeys]: PasskeysScreen,
  [ACCOUNT_PATHS.organizationAudit]: OrganizationAuditScreen,
};

/**
 * /account/*: the security center, loaded as one lazy chunk when it is first opened (the default export, for
 * React.lazy); the route table's guard has
 * already made sure of the session. A plain lookup of the path rather than nested <Routes>, which would move more of
 * the router into what /login loads. /account, and any path under it that is not a section, opens the sessions.
 */
export default function SecurityCenter() {
  const { pathname } = useLocation();
  const Section = SECTIONS[pathname.replace(/\/+$/, '')];
  return Section ? <Section /> : <Navigate to={ACCOUNT_PATHS.sessions} replace />;
}
