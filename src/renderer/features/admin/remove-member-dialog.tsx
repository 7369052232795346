import { useState } from 'react';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { COMMENT_LIMITS, CommentSchema } from '../../../shared/validation/dialogs';
import { withoutLeadingSpaces } from '../../../shared/validation/patterns';
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
 * Removing a member: the confirm dialog with the typed word REMOVE, and an optional reason kept in the audit (the
 * comment's rules: empty, or 3 to 500 characters).
 */
export function RemoveMemberDialog({ open, member, company, busy, onConfirm, onCancel }: RemoveMemberDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const who = member.name ? `${member.name} (${member.email})` : member.email;

  const confirm = () => {
    if (reason.trim() === '') {
      onConfirm(undefined);
      return;
    }
    const parsed = CommentSchema.safeParse(reason);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) onConfirm(parsed.data);
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
      <div className="field">
        <label className="field-label" htmlFor="remove-reason">
          Reason (optional, kept in the audit)
        </label>
        <textarea
          id="remove-reason"
          className="field-input field-textarea"
          rows={3}
          maxLength={COMMENT_LIMITS.max}
          aria-invalid={error ? true : undefined}
          aria-describedby="remove-reason-count remove-reason-message"
          value={reason}
          onChange={(event) => setReason(withoutLeadingSpaces(event.target.value))}
        />
        <p id="remove-reason-count" className="field-count">
          {reason.trim().length}/{COMMENT_LIMITS.max}
        </p>
        <p id="remove-reason-message" className="field-message" aria-live="polite">
          {error}
        </p>
      </div>
    </ConfirmDialog>
  );
}
