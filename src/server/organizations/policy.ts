import { eq, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { isLanguage } from '../../shared/i18n/languages';
import type { OrganizationSettings, SecondFactorPolicy } from '../../shared/protocol/admin-schemas';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import { addressAllowed } from '../auth/ip-ranges';
import { organizations } from '../db/schema';
import type { Services } from '../services';
import { lockOrganization, planProducts, type OrganizationRow } from './organization';

/** The company's second factor as the console names it, from the two columns the sign-in reads. */
export function secondFactorPolicyOf(org: Pick<OrganizationRow, 'mfaEmail' | 'mfaAuthenticatorApp'>): SecondFactorPolicy {
  if (org.mfaEmail && org.mfaAuthenticatorApp) return 'both';
  if (org.mfaEmail) return 'email';
  if (org.mfaAuthenticatorApp) return 'authenticator';
  return 'none';
}

/** The two columns of a policy: `both` offers either factor (the member chooses), `none` asks for neither. */
export function policyColumns(policy: SecondFactorPolicy): Pick<OrganizationRow, 'mfaEmail' | 'mfaAuthenticatorApp'> {
  return { mfaEmail: policy === 'email' || policy === 'both', mfaAuthenticatorApp: policy === 'authenticator' || policy === 'both' };
}

/** The organization's name, logo, policy, ranges and language, and the caller's address as the server sees it. */
export function organizationSettings(org: OrganizationRow, yourAddress: string | null): OrganizationSettings {
  return {
    orgId: org.orgId,
    company: org.company,
    logoUrl: org.logoUrl,
    secondFactor: secondFactorPolicyOf(org),
    allowTrustedDevices: org.allowTrustedDevices,
    allowedIpRanges: org.allowedIpRanges,
    yourAddress,
    plan: planProducts(org),
    language: isLanguage(org.language) ? org.language : null,
  };
}

const POLICY_WORDS: Record<SecondFactorPolicy, string> = { none: 'none', email: 'work email', authenticator: 'authenticator app', both: 'work email or authenticator app' };

/**
 * Sets the company's second factor. It applies at each member's next sign-in; with `applyToCompany` ('apply the
 * change for all the company') every session of every member ends now, but the one the admin makes the change from,
 * so everyone meets the new policy at once (a policy that now requires a factor sends members without one to set it up).
 */
export async function updateSecondFactorPolicy(
  { db, sessions }: Pick<Services, 'db' | 'sessions'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: { secondFactor: SecondFactorPolicy; applyToCompany: boolean; allowTrustedDevices?: boolean },
): Promise<{ org: OrganizationRow; endedSessions: number }> {
  return db.transaction(async (tx) => {
    const current = await lockOrganization(tx, organization.id, actor);
    const before = secondFactorPolicyOf(current);
    const [org] = await tx
      .update(organizations)
      .set({ ...policyColumns(input.secondFactor), ...(input.allowTrustedDevices === undefined ? {} : { allowTrustedDevices: input.allowTrustedDevices }), updatedAt: sql`now()` })
      .where(eq(organizations.id, current.id))
      .returning();
    const endedSessions = input.applyToCompany ? await sessions.revokeAllForOrganization(current.id, actor.kind === 'user' ? actor.sessionId : null, tx) : 0;
    const when = input.applyToCompany ? `applied to the company now (${endedSessions} session${endedSessions === 1 ? '' : 's'} ended)` : "at each member's next sign-in";
    const trusted =
      input.allowTrustedDevices === undefined || input.allowTrustedDevices === current.allowTrustedDevices
        ? ''
        : `; trusted devices ${input.allowTrustedDevices ? 'allowed' : 'not allowed'}`;
    await recordAdminAudit(tx, current.id, actor, { kind: 'second-factor-policy-changed', detail: `${POLICY_WORDS[before]} → ${POLICY_WORDS[input.secondFactor]}${trusted}; ${when}` });
    return { org: org!, endedSessions };
  });
}

const rangesText = (ranges: readonly string[]) => (ranges.length === 0 ? 'any address' : ranges.join(', '));

/**
 * Sets the address ranges members may reach the organization from (empty: anywhere). When the admin's own current
 * address would fall outside, they must confirm (`confirmOwnAddressOutside`), else 409 naming the address: once saved,
 * the organization is out of their reach from here, the console included.
 */
export async function updateIpRanges(
  { db }: Pick<Services, 'db'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: { allowedIpRanges: string[]; confirmOwnAddressOutside: boolean },
): Promise<OrganizationRow> {
  const address = actor.origin.ip;
  if (actor.kind === 'user' && !input.confirmOwnAddressOutside && !addressAllowed(address, input.allowedIpRanges)) {
    const yours = address === null ? 'Your address is unknown to the server, so it' : `Your address ${address}`;
    throw new CallError(
      ERROR_CODES.CONFLICT,
      `${yours} would fall outside these ranges: you would lose access to ${organization.company} from here. Confirm to save them anyway.`,
      { fields: ['allowedIpRanges'] },
    );
  }
  return db.transaction(async (tx) => {
    const current = await lockOrganization(tx, organization.id, actor);
    const [org] = await tx.update(organizations).set({ allowedIpRanges: input.allowedIpRanges, updatedAt: sql`now()` }).where(eq(organizations.id, current.id)).returning();
    const outside = actor.kind === 'user' && !addressAllowed(address, input.allowedIpRanges) ? `; confirmed although ${address ?? 'the admin'} falls outside` : '';
    await recordAdminAudit(tx, current.id, actor, { kind: 'ip-ranges-changed', detail: `${rangesText(current.allowedIpRanges)} → ${rangesText(input.allowedIpRanges)}${outside}` });
    return org!;
  });
}
