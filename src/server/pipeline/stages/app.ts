import { CallError, ERROR_CODES } from '../../../shared/protocol';
import type { AppTokenCheck } from '../../oidc/app-tokens';
import type { AppAuthenticated, BaseContext } from '../context';
import type { Stage } from '../stage';

export const SEND_APP_TOKEN = 'Send an access token of the client-credentials grant with scope org:admin as "Authorization: Bearer {token}".';
export const APP_TOKEN_INVALID = 'This access token is not valid: it has expired or was revoked, or its app is turned off or deleted.';
export const APP_TOKEN_SCOPE = 'This access token does not carry the org:admin scope. Ask for it in the token request (scope=org:admin).';
export const ANOTHER_ORGANIZATION = "This app belongs to another organization: it can only manage its own organization's members.";

/**
 * The admin API's door (`auth: 'app'`): the bearer token must be a client-credentials token of an organization's app
 * with `org:admin`, and the organization in the path must be the app's own. Puts the app on the context.
 */
export function appStage(check: (token: string) => Promise<AppTokenCheck>): Stage<BaseContext, AppAuthenticated> {
  return async (call, _ctx, next) => {
    const token = call.caller.token();
    if (token === null) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SEND_APP_TOKEN);
    const checked = await check(token);
    if (checked.kind === 'invalid') throw new CallError(ERROR_CODES.UNAUTHENTICATED, APP_TOKEN_INVALID);
    if (checked.kind === 'insufficient-scope') throw new CallError(ERROR_CODES.FORBIDDEN, APP_TOKEN_SCOPE);
    const orgId = (call.payload as { params?: { orgId?: string } }).params?.orgId;
    if (orgId !== checked.app.organization.orgId) throw new CallError(ERROR_CODES.FORBIDDEN, ANOTHER_ORGANIZATION);
    return next({ app: checked.app });
  };
}
