import type Provider from 'oidc-provider';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { OAuth2LoginQuery } from '../../shared/protocol/oauth2-schemas';
import { ADMIN_API_SCOPE } from '../../shared/protocol/admin-schemas';
import { MESSAGES } from '../../shared/validation/messages';
import { cachedMembershipsOf, pickActive, reachableFrom, type UserRow } from '../accounts/queries';
import type { Services } from '../services';
import { clientOrganization, setGrantOrganization } from './adapter';

type Interaction = InstanceType<Provider['Interaction']>;

export const SIGN_IN_EXPIRED = 'This sign-in has expired. Go back to the application and start again.';
const LINK_MISMATCH = 'This sign-in link does not match the application that started it. Go back to the application and start again.';
export const NOT_IN_ORGANIZATION =
  "You are not a member of the organization this application was opened for, or your system IP address doesn't fall under its IP range criteria. Please contact the system administrator to get access.";
export const VERIFY_FIRST = 'Your account is not verified yet. Sign in on the portal to get a verification code, then come back to this application.';
export const CHANGE_PASSWORD_FIRST = 'You must change your password before signing in to other applications. Sign in on the portal to change it, then come back.';
export const ANOTHER_ORGANIZATION = 'This application belongs to another organization: it cannot be opened for this one.';
export const SET_UP_SECOND_FACTOR_FIRST =
  'Your company requires a second factor, and you have not set one up yet. Sign in on the portal to set it up, then come back to this application.';

/**
 * The authorization request in progress that the Authorize screen was opened for, checked against what the screen
 * sends: the same client and redirect_uri (so a sign-in can only finish where it started).
 */
export async function findInteraction(provider: Provider, query: OAuth2LoginQuery): Promise<Interaction> {
  const interaction = await provider.Interaction.find(query.uid);
  if (!interaction) throw new CallError(ERROR_CODES.NOT_FOUND, SIGN_IN_EXPIRED);
  if (interaction.params.client_id !== query.client_id || interaction.params.redirect_uri !== query.redirect_uri) {
    throw new CallError(ERROR_CODES.BAD_REQUEST, LINK_MISMATCH);
  }
  return interaction;
}

/**
 * The organization the app is opened for (`requested` is the authorization request's own `orgId`): with `orgId`, the user must be a member of it and reach it from this
 * address (its IP ranges); without, the active one among those reachable (spec 2: any membership will do). An app an
 * organization registered signs in for that organization only: `orgId` must name it or be absent (then it is that one).
 */
export async function organizationFor(
  services: Pick<Services, 'db' | 'cache'>,
  user: UserRow,
  ip: string | null,
  requested: string | undefined,
  clientId: string,
): Promise<string> {
  const bound = await clientOrganization(services.db, clientId);
  if (bound !== null && requested !== undefined && requested !== bound) throw new CallError(ERROR_CODES.FORBIDDEN, ANOTHER_ORGANIZATION);
  const orgId = bound ?? requested;
  const reachable = reachableFrom(await cachedMembershipsOf(services.cache, services.db, user.id), ip);
  if (orgId !== undefined) {
    const member = reachable.find((membership) => membership.org.orgId === orgId);
    if (!member) throw new CallError(ERROR_CODES.FORBIDDEN, NOT_IN_ORGANIZATION);
    return member.org.orgId;
  }
  const active = pickActive(user, reachable);
  if (!active) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.noOrganization);
  return active.org.orgId;
}

/** The states of an account that stop a third-party sign-in with a way to fix them on the portal. */
export function assertMaySignIn(user: UserRow): void {
  if (!user.verified) throw new CallError(ERROR_CODES.FORBIDDEN, VERIFY_FIRST, { portalStep: 'verify-email' });
  if (user.mustChangePassword) throw new CallError(ERROR_CODES.FORBIDDEN, CHANGE_PASSWORD_FIRST, { portalStep: 'change-password' });
}

/**
 * Finishes the authorization request for `user`: a grant of the scopes asked for (consented to already: a suite app,
 * or the user's consent, app-sign-in.ts; the org is kept beside it for the `org_id` claim) and the interaction's
 * result. Returns the grant and where the browser goes next: oidc-provider's resume URL, which answers with a redirect
 * to the client's redirect_uri with code and state (or `error=` per RFC 6749 when something fails after the
 * redirect_uri was validated).
 */
export async function finishInteraction(
  services: Pick<Services, 'db'>,
  provider: Provider,
  interaction: Interaction,
  user: UserRow,
  orgId: string,
  amr: string[],
): Promise<{ redirect: string; grantId: string }> {
  const clientId = String(interaction.params.client_id);
  // Another account was signed in to this browser's provider session ("Use another account"): that session ends
  // here, so the browser resumes into a fresh one instead of a logout prompt.
  const previous = interaction.session;
  if (previous?.accountId && previous.accountId !== user.id) {
    const session = previous.uid ? await provider.Session.findByUid(previous.uid) : undefined;
    await session?.destroy();
    interaction.session = undefined;
  }
  const grant = new provider.Grant({ accountId: user.id, clientId });
  // A person's sign-in never grants the admin API's scope: only an app's own client-credentials token carries it.
  const scopes = typeof interaction.params.scope === 'string' ? interaction.params.scope.split(' ').filter((scope) => scope !== ADMIN_API_SCOPE) : [];
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const grantId = await grant.save();
  await setGrantOrganization(services.db, grantId, orgId);
  interaction.result = { login: { accountId: user.id, amr, remember: false }, consent: { grantId } };
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  return { redirect: interaction.returnTo, grantId };
}
