import type { CustomFetch } from 'openid-client';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { HTTP_ROUTES } from '../../shared/protocol/http';
import type { SsoTestResult } from '../../shared/protocol/sso-schemas';
import type { UserRow } from '../accounts/queries';
import { auditInsert } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { organizationDomains, organizations, ssoConnections } from '../db/schema';
import type { Logger } from '../log';
import { MicrosoftError } from '../microsoft/oidc-client';
import type { OrganizationRow } from '../organizations/organization';
import { beginSsoAttempt, beginUnsolicited, keepIdentity, redeemHandoff, setRequestId, takeReturningAttempt, type SsoPurpose } from './attempts';
import { findConnection, markTested } from './connections';
import { openConnection, type Connection, type ConnectionRow } from './settings';
import { domainOf, type SsoIdentity } from './identity';
import { createOidcConnections, oidcIdentity } from './oidc-connection';
import { accountFor, ownsAddress, type ProvisioningRefusal } from './provisioning';
import { samlAuthnRequest, samlIdentity, SamlRefusal, samlServiceProviderMetadata } from './saml-connection';

/** What a user reads when a company sign-in does not sign them in. */
export const SSO_MESSAGES = {
  unavailable: 'This company sign-in is not available. Ask your administrator, or sign in with your email address and password.',
  providerDown: "Your company's sign-in service could not be reached. Please try again in a few minutes.",
  expired: 'This sign-in has expired or was already used. Please start again.',
  refused: "Your company's sign-in service did not confirm this sign-in. Please start again.",
  'no-email': "Your company's sign-in did not tell the portal your email address. Ask your administrator to check the connection.",
  'unverified-domain': "Your company's sign-in can only sign in addresses on the company's verified domains. Ask your administrator.",
  deactivated: "Your company's directory has turned your account off. Ask your administrator.",
  enforced: (company: string) => `${company} requires you to sign in with your company account. Use "Continue with ${company} sign-in".`,
} as const;

/** A refused answer from a provider: the reason for the audit, the message for the user. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly userMessage: string,
    readonly status: number = ERROR_CODES.FORBIDDEN,
  ) {
    super(reason);
    this.name = 'SsoRefusal';
  }
}

/** Where the portal sends a browser after a provider's answer: the page that redeems the hand-off, or the console. */
export interface SsoReturn {
  purpose: SsoPurpose;
  handoff: string;
  org: OrganizationRow;
  /** A desktop app's loopback listener, where the hand-off goes instead of the portal's page. */
  returnTo: string | null;
}

/** The connection a company sign-in goes to for an identifier, when its domain is an organization's and the connection is on. */
export interface SsoDiscovery {
  company: string;
  orgId: string;
  connectionId: string;
  enforced: boolean;
}

/**
 * A company's own identity provider, start to end, apart from the transports (issue 25): `start` makes the attempt and
 * the provider's URL; `finishOidc` / `finishSaml` check the answer and keep the identity under a hand-off; `redeem`
 * (ssoLogin) takes it once and finds or makes the account; `testResult` shows a console test's claims; `discover`
 * answers by an address's domain alone (enforcement of a password sign-in is `enforcement.ts`).
 */
export function createSsoSignIn(config: ServerConfig, db: Db, log: Logger, mfaKey: Buffer, options: { fetch?: CustomFetch } = {}) {
  const oidc = createOidcConnections(log, options);

  const open = (row: ConnectionRow): Connection => {
    const connection = openConnection(row, mfaKey);
    if (!connection) {
      log.error('sso.connection-unreadable', { connectionId: row.id });
      throw new SsoRefusal('unreadable-settings', SSO_MESSAGES.unavailable, ERROR_CODES.NOT_FOUND);
    }
    return connection;
  };

  /** A refusal in the organization's audit (no account: the person is not known to be one). */
  const auditRefusal = async (row: ConnectionRow, reason: string, origin: CallOrigin, email: string | null = null) => {
    await auditInsert(db, null, { kind: 'sso-sign-in-refused', organizationId: row.organizationId, actor: `sign-in connection ${row.name}`, subject: email, detail: reason, origin });
    log.warn('sso.refused', { connectionId: row.id, reason });
  };

  const kept = async (org: OrganizationRow, attempt: { id: string; purpose: SsoPurpose; returnTo?: string | null }, identity: SsoIdentity): Promise<SsoReturn> => ({
    purpose: attempt.purpose,
    handoff: await keepIdentity(db, attempt.id, identity),
    org,
    returnTo: attempt.returnTo ?? null,
  });

  return {
    /** The provider's URL for a new sign-in (or console test) bound to `binding`. */
    async start(row: ConnectionRow, input: { purpose: SsoPurpose; binding: string; loginHint?: string; returnTo?: string }): Promise<URL> {
      const connection = open(row);
      const attempt = await beginSsoAttempt(db, { connectionId: row.id, purpose: input.purpose, binding: input.binding, kind: connection.kind, returnTo: input.returnTo });
      if (connection.kind === 'oidc') {
        try {
          return await oidc.clientOf(connection).authorizationUrl({
            redirectUri: `${config.publicUrl}${HTTP_ROUTES.ssoOidcCallback}`,
            state: attempt.state,
            nonce: attempt.nonce!,
            codeVerifier: attempt.codeVerifier!,
            loginHint: input.loginHint,
          });
        } catch (error) {
          if (error instanceof MicrosoftError) throw new SsoRefusal('provider-unreachable', SSO_MESSAGES.providerDown, 503);
          throw error;
        }
      }
      const request = await samlAuthnRequest(connection, config.publicUrl, attempt.state).catch((error: unknown) => {
        // Settings the set-up accepted that no longer make a request (a provider now taking HTTP-POST only).
        if (error instanceof SamlRefusal) throw new SsoRefusal(error.reason, SSO_MESSAGES.unavailable, ERROR_CODES.NOT_FOUND);
        throw error;
      });
      await setRequestId(db, attempt.id, request.requestId);
      return new URL(request.url);
    },

    /** An OpenID provider's answer at /sso/oidc/callback: checked, kept under a hand-off; SsoRefusal otherwise (audited). */
    async finishOidc(callback: { code: string | null; state: string; iss?: string; error?: string }, origin: CallOrigin): Promise<SsoReturn> {
      const attempt = await takeReturningAttempt(db, callback.state);
      if (!attempt) throw new SsoRefusal('expired', SSO_MESSAGES.expired);
      const found = await findConnection(db, attempt.connectionId);
      if (!found) throw new SsoRefusal('connection-removed', SSO_MESSAGES.unavailable);
      const connection = open(found.row);
      if (connection.kind !== 'oidc') throw new SsoRefusal('wrong-protocol', SSO_MESSAGES.refused);
      if (callback.error || !callback.code) {
        await auditRefusal(found.row, `provider answered ${callback.error ?? 'without a code'}`.slice(0, 200), origin);
        throw new SsoRefusal(callback.error ?? 'no-code', SSO_MESSAGES.refused);
      }
      let identity: SsoIdentity;
      try {
        const claims = await oidc.clientOf(connection).redeemClaims({
          redirectUri: `${config.publicUrl}${HTTP_ROUTES.ssoOidcCallback}`,
          code: callback.code,
          state: callback.state,
          iss: callback.iss,
          codeVerifier: attempt.codeVerifier!,
          nonce: attempt.nonce!,
        });
        identity = oidcIdentity(connection, claims);
      } catch (error) {
        if (!(error instanceof MicrosoftError)) throw error;
        await auditRefusal(found.row, error.kind === 'unreachable' ? 'provider unreachable' : `ID token refused: ${error.reason}`.slice(0, 250), origin);
        throw new SsoRefusal(error.reason, error.kind === 'unreachable' ? SSO_MESSAGES.providerDown : SSO_MESSAGES.refused, error.kind === 'unreachable' ? 503 : 403);
      }
      return kept(found.org, attempt, identity);
    },

    /** A SAML response POSTed to /sso/saml/{connectionId}/acs (SP-initiated through RelayState, or IdP-initiated where allowed). */
    async finishSaml(connectionId: string, form: { samlResponse: string; relayState: string | null }, origin: CallOrigin, unsolicitedBinding: string): Promise<SsoReturn> {
      const found = await findConnection(db, connectionId);
      if (!found || (!found.row.enabled && !form.relayState)) throw new SsoRefusal('unknown-connection', SSO_MESSAGES.unavailable, ERROR_CODES.NOT_FOUND);
      const connection = open(found.row);
      if (connection.kind !== 'saml') throw new SsoRefusal('wrong-protocol', SSO_MESSAGES.refused);
      const attempt = form.relayState ? await takeReturningAttempt(db, form.relayState) : null;
      if (form.relayState && (!attempt || attempt.connectionId !== connectionId)) {
        await auditRefusal(found.row, attempt ? 'answer for another connection' : 'expired or replayed sign-in', origin);
        throw new SsoRefusal('expired', SSO_MESSAGES.expired);
      }
      try {
        const identity = await samlIdentity(db, connection, config.publicUrl, form.samlResponse, attempt?.requestId ?? null);
        const returned = attempt ?? { id: await beginUnsolicited(db, connectionId, unsolicitedBinding), purpose: 'sign-in' as const };
        return await kept(found.org, returned, identity);
      } catch (error) {
        if (!(error instanceof SamlRefusal)) throw error;
        await auditRefusal(found.row, `SAML response refused: ${error.reason}`, origin);
        throw new SsoRefusal(error.reason, SSO_MESSAGES.refused);
      }
    },

    /**
     * ssoLogin: the hand-off of a sign-in this browser started, taken once, and the account it signs in to (found,
     * linked or made: provisioning.ts). CallError with an SSO_MESSAGES text otherwise.
     */
    async redeem(handoff: string, binding: string | null, origin: CallOrigin): Promise<{ user: UserRow; identity: SsoIdentity; connection: ConnectionRow; org: OrganizationRow; joined: boolean }> {
      const taken = binding ? await redeemHandoff(db, handoff, binding, 'sign-in') : null;
      if (!taken) throw new CallError(ERROR_CODES.FORBIDDEN, SSO_MESSAGES.expired);
      const found = await findConnection(db, taken.connectionId);
      if (!found || !found.row.enabled) throw new CallError(ERROR_CODES.FORBIDDEN, SSO_MESSAGES.unavailable);
      const account = await accountFor(db, found.row, found.org, taken.identity, origin);
      if ('refused' in account) {
        await auditRefusal(found.row, account.refused, origin, taken.identity.email);
        throw new CallError(ERROR_CODES.FORBIDDEN, SSO_MESSAGES[account.refused satisfies ProvisioningRefusal]);
      }
      return { ...account, identity: taken.identity, connection: found.row, org: found.org };
    },

    /** The portal's SAML service-provider metadata for a connection (its entity id and ACS); null for no SAML connection. */
    async serviceProviderMetadata(connectionId: string): Promise<string | null> {
      const found = await findConnection(db, connectionId);
      if (!found || found.row.kind !== 'saml') return null;
      const connection = open(found.row);
      return connection.kind === 'saml' ? samlServiceProviderMetadata(config.publicUrl, connection) : null;
    },

    /** A console test's result for the admin who started it; marks the connection tested when its person could sign in. */
    async testResult(org: OrganizationRow, handoff: string, adminUserId: string): Promise<SsoTestResult> {
      const taken = await redeemHandoff(db, handoff, `admin:${adminUserId}`, 'test');
      if (!taken) throw new CallError(ERROR_CODES.NOT_FOUND, 'This test result has expired or was already shown. Run "Test sign-in" again.');
      const found = await findConnection(db, taken.connectionId);
      if (!found || found.org.id !== org.id) throw new CallError(ERROR_CODES.NOT_FOUND, `${org.company} has no such sign-in connection.`);
      const { identity } = taken;
      const problem = !identity.email ? SSO_MESSAGES['no-email'] : (await ownsAddress(db, org.id, identity.email)) ? null : `${domainOf(identity.email)} is not a verified domain of ${org.company}: verify it below before people with this address can sign in.`;
      if (problem === null) await markTested(db, found.row.id);
      return { connectionId: found.row.id, subject: identity.subject, email: identity.email, givenName: identity.givenName, familyName: identity.familyName, groups: identity.groups, multiFactor: identity.multiFactor, problem };
    },

    /** The company sign-in for an address's domain, when an organization verified it and has a connection on; by domain alone. */
    async discover(email: string): Promise<SsoDiscovery | null> {
      const domain = domainOf(email);
      if (!domain) return null;
      const [found] = await db
        .select({ company: organizations.company, orgId: organizations.orgId, connectionId: ssoConnections.id, enforced: ssoConnections.enforced })
        .from(organizationDomains)
        .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
        .innerJoin(ssoConnections, and(eq(ssoConnections.organizationId, organizations.id), eq(ssoConnections.enabled, true)))
        .where(and(eq(organizationDomains.domain, domain), isNotNull(organizationDomains.verifiedAt)))
        .orderBy(desc(ssoConnections.enforced), asc(ssoConnections.createdAt))
        .limit(1);
      return found ?? null;
    },
  };
}

export type SsoSignIn = ReturnType<typeof createSsoSignIn>;
