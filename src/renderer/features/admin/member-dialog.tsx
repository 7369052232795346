import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { RoleSchema } from '../../../shared/product-schemas';
import type { ProductKey } from '../../../shared/products';
import { ProductAccessSchema, type AdminMember } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { ltr, tEnglish, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog/modal';
import { SelectField } from '../../ui/select-field';
import { useTimedMessage } from '../../ui/use-timed-message';
import { adminIssueMessages, grantableProducts, ROLE_OPTIONS } from './admin-format';
import { ProductAccessField } from './product-access-field';

/** The dialog's fields, with the contract's rules for a member change (`UpdateMemberSchema`'s role and product access). */
export const MemberFormSchema = z.object({ role: RoleSchema, productAccess: ProductAccessSchema });
type MemberForm = z.infer<typeof MemberFormSchema>;

const sameProducts = (a: readonly ProductKey[], b: readonly ProductKey[]) => a.length === b.length && a.every((product) => b.includes(product));

interface MemberDialogProps {
  open: boolean;
  orgId: string;
  member: AdminMember;
  /** The organization's plan: the only products offered. */
  plan: readonly ProductKey[];
  onSaved: (member: AdminMember) => void;
  onClose: () => void;
}

/**
 * Change a member's role and product access. Only the plan's products the chosen role can open are offered; an admin
 * opens all of them, so the dialog says so instead. Only what changed is sent; the server's refusal (the last admin,
 * say) shows in the dialog as it says it.
 */
export function MemberDialog({ open, orgId, member, plan, onSaved, onClose }: MemberDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<MemberForm>({
    resolver: zodResolver(MemberFormSchema, { error: adminIssueMessages({ role: 'Role', productAccess: 'Product access' }) }),
    defaultValues: { role: member.role, productAccess: grantableProducts(member.role, plan).filter((product) => member.productAccess.includes(product)) },
  });
  const role = useWatch({ control, name: 'role' });

  const submit = async (values: MemberForm) => {
    // What the chosen role can open of what is ticked: a box of another role's list does not linger.
    const productAccess = grantableProducts(values.role, plan).filter((product) => values.productAccess.includes(product));
    const change = {
      ...(values.role !== member.role ? { role: values.role } : {}),
      ...(values.role !== 'admin' && !sameProducts(productAccess, member.productAccess) ? { productAccess } : {}),
    };
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      const reply = await call('updateOrganizationMember', { orgId, userId: member.userId, ...change });
      onSaved(reply.member);
    } catch (failure) {
      showServerError(errorMessage(failure));
      setBusy(false);
    }
  };

  const who = member.name || ltr(member.email);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('admin.members.dialogTitle')}
      description={member.name ? `${member.name} (${ltr(member.email)})` : ltr(member.email)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="member-form" loading={busy}>
            {t('admin.members.save')}
          </Button>
        </>
      }
    >
      <form id="member-form" className="form" noValidate aria-label={t('admin.members.dialogLabel', { who })} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <SelectField id="member-role" label={t('admin.members.role')} options={ROLE_OPTIONS} error={errors.role?.message && tEnglish(errors.role.message)} {...register('role')} />
        <Controller
          control={control}
          name="productAccess"
          render={({ field, fieldState }) => <ProductAccessField role={role} plan={plan} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <AlertMessage message={serverError} />
      </form>
    </Modal>
  );
}
