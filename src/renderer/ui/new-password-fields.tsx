import { useT } from '../i18n';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  idPrefix: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  /** The password as typed, for the live checklist. */
  value: string;
  errors: { password?: string; confirm?: string };
  passwordLabel?: string;
}

/** New and confirm password, each with show/hide, and the live checklist under the new one (spec section 5). */
export function NewPasswordFields({ idPrefix, password, confirm, value, errors, passwordLabel }: NewPasswordFieldsProps) {
  const t = useT();
  const checklistId = `${idPrefix}-checklist`;
  return (
    <>
      <PasswordField id={`${idPrefix}-password`} label={passwordLabel ?? t('field.newPassword')} autoComplete="new-password" error={errors.password} describedBy={checklistId} {...password} />
      <PasswordChecklist id={checklistId} value={value} />
      <PasswordField id={`${idPrefix}-confirm`} label={t('field.confirmPassword')} autoComplete="new-password" error={errors.confirm} {...confirm} />
    </>
  );
}
