import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import type { ProductKey } from '../../../shared/products';
import { InvitationInputSchema } from '../../../shared/protocol/admin-schemas';
import { CallError } from '../../../shared/protocol/errors';
import { call, errorMessage } from '../../api';
import { ltr, t, tEnglish, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { adminIssueMessages, grantableProducts, ROLE_OPTIONS } from './admin-format';
import { ProductAccessField } from './product-access-field';

type InviteValues = z.input<typeof InvitationInputSchema>;
type InviteOutput = z.output<typeof InvitationInputSchema>;

/** Said under a client's product access: the contract gives a client Project when none is named. */
export const clientDefaultHint = (): string => t('admin.invite.clientDefault');

interface InviteOneFormProps {
  orgId: string;
  plan: readonly ProductKey[];
  onInvited: () => void;
}

/** Invite one person: their address, role and product access (the contract's rules for one invitation). */
export function InviteOneForm({ orgId, plan, onInvited }: InviteOneFormProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteValues, unknown, InviteOutput>({
    resolver: zodResolver(InvitationInputSchema, { error: adminIssueMessages({ email: 'Email', role: 'Role', productAccess: 'Product access' }) }),
    defaultValues: { email: '', role: 'member', productAccess: [] },
  });
  const role = useWatch({ control, name: 'role' });

  const submit = async (values: InviteOutput) => {
    const productAccess = values.role === 'admin' ? [] : grantableProducts(values.role, plan).filter((product) => values.productAccess?.includes(product));
    setBusy(true);
    try {
      await call('inviteToOrganization', { orgId, invitations: [{ email: values.email, role: values.role, ...(productAccess.length ? { productAccess } : {}) }] });
      showToast(t('admin.invite.sent', { email: ltr(values.email) }));
      reset({ email: '', role: values.role, productAccess: values.productAccess ?? [] });
      onInvited();
    } catch (failure) {
      // A refused address (already a member, a live invitation) is said under the field; anything else above the button.
      const issue = failure instanceof CallError ? failure.data?.issues?.find((item) => item.path.startsWith('invitations.0.email')) : undefined;
      if (issue) setError('email', { message: issue.message }, { shouldFocus: true });
      else showServerError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form admin-form" noValidate aria-labelledby="invite-one-title" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <h2 id="invite-one-title">{t('admin.invite.oneTitle')}</h2>
      <div className="admin-form-row">
        <TextField id="invite-email" label={t('admin.invite.email')} dir="ltr" type="email" autoComplete="off" maxLength={254} error={errors.email?.message} {...register('email')} />
        <SelectField id="invite-role" label={t('admin.members.role')} options={ROLE_OPTIONS} error={errors.role?.message && tEnglish(errors.role.message)} {...register('role')} />
      </div>
      <Controller
        control={control}
        name="productAccess"
        render={({ field, fieldState }) => (
          <ProductAccessField
            role={role}
            plan={plan}
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint={role === 'client' ? clientDefaultHint() : undefined}
          />
        )}
      />
      <AlertMessage message={serverError} />
      <div className="actions actions-start">
        <Button type="submit" loading={busy}>
          {t('admin.invite.send')}
        </Button>
      </div>
    </form>
  );
}
