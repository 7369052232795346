import { useState } from 'react';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { ltr, useT } from '../../i18n/screens';
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
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const who = member.name ? `${member.name} (${ltr(member.email)})` : ltr(member.email);

  const confirm = () => {
    const checked = checkComment(reason, { optional: true });
    setError(checked.ok ? undefined : checked.error);
    if (checked.ok) onConfirm(checked.comment);
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('admin.members.removeTitle', { who: member.name || ltr(member.email), company })}
      message={member.you ? t('admin.members.removeSelf', { company }) : t('admin.members.removeOther', { who, company })}
      word={REMOVE_WORD}
      confirmLabel={t('admin.members.remove')}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <CommentField id="remove-reason" label={t('admin.members.removeReason')} rows={3} value={reason} onChange={setReason} error={error} />
    </ConfirmDialog>
  );
}
