import { useState } from 'react';
import type { SectionProps } from './admin-console';
import { InviteManyForm } from './invite-many-form';
import { InviteOneForm } from './invite-one-form';
import { PendingInvitations } from './pending-invitations';

/** /admin/{orgId}/invitations: invite one person, invite many (a list or a CSV file), and the pending invitations. */
export function InvitationsSection({ orgId, settings }: SectionProps) {
  // Bumped after an invitation is sent: the pending list asks for its page again.
  const [generation, setGeneration] = useState(0);
  const invited = () => setGeneration((value) => value + 1);
  return (
    <>
      <InviteOneForm orgId={orgId} plan={settings.plan} onInvited={invited} />
      <InviteManyForm orgId={orgId} plan={settings.plan} onInvited={invited} />
      <PendingInvitations orgId={orgId} plan={settings.plan} generation={generation} />
    </>
  );
}
