import type Provider from 'oidc-provider';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { ADMIN_API_SCOPE } from '../../shared/protocol/admin-schemas';
import type { OAuth2LoginReply } from '../../shared/protocol/oauth2-schemas';
import type { UserRow } from '../accounts/queries';
import { recordAudit } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import type { Services } from '../services';
import { setGrantSession } from './backchannel-logout';
import { clientIsFirstParty, needsConsent, rememberConsent } from './consents';
import { finishInteraction, organizationFor } from './interactions';

type Interaction = InstanceType<Provider['Interaction']>;

/** What the app is told when the user said no on the consent screen (OpenID Core §3.1.2.6: access_denied). */
const DENIED = 'The user did not allow the application to sign them in.';

/** The scopes the app asked for, as the grant will carry them (never the admin API's). */
export function requestedScopes(interaction: Interaction): string[] {
  const scope = typeof interaction.params.scope === 'string' ? interaction.params.scope : '';
  return [...new Set(scope.split(' ').filter((name) => name !== '' && name !== ADMIN_API_SCOPE))];
}

/**
 * Ends the authorization request with an error for the app: oidc-provider's resume URL then redirects the browser to
 * the app's redirect_uri with `error`, `error_description` and `state` (RFC 6749 §4.1.2.1), and no code.
 */
async function refuse(interaction: Interaction, description: string): Promise<string> {
  interaction.result = { error: 'access_denied', error_description: description };
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  return interaction.returnTo;
}

/**
 * The end of an app sign-in for a user who has passed every required step (password and second factor, or a portal
 * session): the organization, the consent, then the code.
 * - The organization is the one the app's own authorization request named (`orgId`, kept by the provider with the
 *   request; what the screen's call carries is never read), or the app's organization for an app an organization
 *   registered. A user who is not a member of it, or not from its IP ranges, goes back to the app with access_denied.
 *   A request that names none gets the active organization, as before (no organization at all is the screen's 403).
 * - A third-party app (not the seed's `firstParty`) needs the user's consent once: without it the reply asks the
 *   screen for it (with the scopes); `decision` is the screen's answer. Deny goes back to the app with access_denied.
 * - The grant remembers the portal session (`sessionId`) it was made with, for back-channel logout.
 */
export async function finishAppSignIn(
  services: Pick<Services, 'db' | 'cache'>,
  provider: Provider,
  interaction: Interaction,
  user: UserRow,
  options: { ip: string | null; origin: CallOrigin; amr: string[]; sessionId: string; decision?: 'allow' | 'deny' },
): Promise<OAuth2LoginReply> {
  const clientId = String(interaction.params.client_id);
  const requested = typeof interaction.params.orgId === 'string' ? interaction.params.orgId : undefined;
  let orgId: string;
  try {
    orgId = await organizationFor(services, user, options.ip, requested, clientId);
  } catch (error) {
    // Only a request that named its organization is answered at the app; none at all stays the screen's message.
    if (error instanceof CallError && error.code === ERROR_CODES.FORBIDDEN && requested !== undefined) return { redirect_uri: await refuse(interaction, error.message) };
    throw error;
  }
  if (options.decision === 'deny') return { redirect_uri: await refuse(interaction, DENIED) };
  const scopes = requestedScopes(interaction);
  // A suite app's sign-in needs no consent: an Allow sent for one is not remembered (nor listed in Connected apps).
  if (options.decision === 'allow' && !(await clientIsFirstParty(services.db, clientId))) {
    await rememberConsent(services.db, user.id, clientId, scopes);
    await recordAudit(services.db, user.id, { kind: 'app-allowed', detail: `${clientId}: ${scopes.join(' ')}`, origin: options.origin, sessionId: options.sessionId });
  } else if (await needsConsent(services.db, user.id, clientId, scopes)) return { consent: { scopes } };
  const { redirect, grantId } = await finishInteraction(services, provider, interaction, user, orgId, options.amr);
  await setGrantSession(services.db, grantId, options.sessionId);
  return { redirect_uri: redirect };
}

