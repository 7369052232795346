import { useState } from 'react';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { checkComment, CommentField } from '../../ui/dialog/comment-field';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';

/** The word typed to remove a member (the confirm dialog asks 'Please Type REMOVE'). */
export const REMOVE_WORD = 'REMOVE';

interface RemoveMemberDialogProps {
  open: boolean;
  member: AdminMember;
  company: string;
  busy: boolean;
  /** The reason, when one was given (3 to 500 characters, the comment dialog's rules). */
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}

/**
 * Removing a member: the confirm dialog with the typed word REMOVE, and an optional reason kept in the audit: the
 * comment dialog's field and rules (empty, or 3 to 500 characters) inside the confirmation, so removing stays one step.
 */
export function RemoveMemberDialog({ open, member, company, busy, onConfirm, onCancel }: RemoveMemberDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const who = member.name ? `${member.name} (${member.email})` : member.email;

  const confirm = () => {
    const checked = checkComment(reason, { optional: true });
    setError(checked.ok ? undefined : checked.error);
    if (checked.ok) onConfirm(checked.comment);
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Remove ${member.name || member.email} from ${company}?`}
      message={
        member.you
          ? `You are removing yourself: you lose ${company} at once, and every session of yours ends (sign in again to reach your other organizations).`
          : `${who} loses ${company} at once: every session of theirs ends (they sign in again to reach their other organizations), and the apps they signed in to through ${company} lose access.`
      }
      word={REMOVE_WORD}
      confirmLabel="Remove"
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <CommentField id="remove-reason" label="Reason (optional, kept in the audit)" rows={3} value={reason} onChange={setReason} error={error} />
    </ConfirmDialog>
  );
}
