import { eq, sql } from 'drizzle-orm';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import { organizations } from '../db/schema';
import type { Services } from '../services';
import { attachImage, releaseImage } from './images';
import { lockOrganization, type OrganizationRow } from './organization';

/**
 * Sets the company's name and logo (shown on /{orgId}/login and the workspace). `logo`: an image the admin uploaded
 * (POST /uploads/images) by its id, `null` to remove the logo, absent to keep it. A replaced or removed uploaded
 * logo is deleted. One transaction with its audit line.
 */
export async function updateBranding(
  { db }: Pick<Services, 'db'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: { company: string; logo?: { imageId: string } | null },
): Promise<OrganizationRow> {
  return db.transaction(async (tx) => {
    const current = await lockOrganization(tx, organization.id, actor);
    let logoUrl = current.logoUrl;
    if (input.logo !== undefined) {
      logoUrl = input.logo === null ? null : await attachImage(tx, input.logo.imageId, current.id, actor, 'logo.imageId');
      if (current.logoUrl !== logoUrl) await releaseImage(tx, current.logoUrl);
    }
    const [org] = await tx.update(organizations).set({ company: input.company, logoUrl, updatedAt: sql`now()` }).where(eq(organizations.id, current.id)).returning();
    const changes = [
      current.company === input.company ? null : `name: ${current.company} → ${input.company}`,
      logoUrl === current.logoUrl ? null : logoUrl === null ? 'logo removed' : 'new logo',
    ].filter(Boolean);
    if (changes.length > 0) await recordAdminAudit(tx, current.id, actor, { kind: 'branding-changed', detail: changes.join('; ') });
    return org!;
  });
}
