import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { UpdateBrandingSchema } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { FileUpload, type UploadValue } from '../../ui/file-upload/file-upload';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { SectionProps } from './admin-console';
import { adminIssueMessages } from './admin-format';
import { useDialog } from './use-dialog';
import { imageUrl, uploadImage } from './upload-image';

/** The company name as the contract checks it (the shared companyName rule: required, up to 100 characters). */
const BrandingFormSchema = UpdateBrandingSchema.pick({ company: true });
type BrandingValues = z.input<typeof BrandingFormSchema>;
type BrandingOutput = z.output<typeof BrandingFormSchema>;

const EMPTY_UPLOAD: UploadValue = { files: [], removedIds: [] };

/** The formats a logo may have, by their names (never translated). */
const LOGO_FORMATS = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP' };

/**
 * /admin/{orgId}/branding: the company name, and the logo: a PNG, JPEG, GIF or WebP image of at most 3 MB (the kit's
 * upload checks type and size; the server checks them again from the bytes), uploaded over HTTP, then attached.
 */
export function BrandingSection({ orgId, settings, onSettingsChange }: SectionProps) {
  const t = useT();
  const [upload, setUpload] = useState<UploadValue>(EMPTY_UPLOAD);
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();
  const removing = useDialog<true>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BrandingValues, unknown, BrandingOutput>({
    resolver: zodResolver(BrandingFormSchema, { error: adminIssueMessages({ company: 'Company Name' }) }),
    defaultValues: { company: settings.company },
  });
  const logo = imageUrl(settings.logoUrl);
  const chosen = upload.files[0];

  const save = async ({ company }: BrandingOutput) => {
    setBusy(true);
    try {
      const imageId = chosen && 'obj' in chosen ? await uploadImage(chosen.obj) : null;
      const reply = await call('updateBranding', { orgId, company, ...(imageId ? { logo: { imageId } } : {}) });
      onSettingsChange(reply.settings);
      setUpload(EMPTY_UPLOAD);
      showToast(imageId ? t('adminBranding.toastSavedWithLogo') : t('adminBranding.toastSaved'));
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const removeLogo = async () => {
    setBusy(true);
    try {
      const reply = await call('updateBranding', { orgId, company: settings.company, logo: null });
      onSettingsChange(reply.settings);
      showToast(t('adminBranding.toastLogoRemoved'));
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      removing.hide();
    }
  };

  return (
    <>
      <form className="form admin-form" noValidate aria-label={t('adminBranding.form')} onSubmit={(event) => void handleSubmit(save)(event)}>
        <TextField id="branding-company" label={t('adminBranding.companyName')} autoComplete="organization" maxLength={100} error={errors.company?.message} {...register('company')} />
        <div className="admin-logo">
          <p className="field-label">{t('adminBranding.currentLogo')}</p>
          {logo ? (
            <img className="admin-logo-preview" src={logo} alt={t('adminBranding.logoAlt', { company: settings.company })} />
          ) : (
            <p className="muted">{t('adminBranding.noLogo')}</p>
          )}
          {logo ? (
            <Button variant="secondary" className="button-compact" disabled={busy} onClick={() => removing.show(true)}>
              {t('adminBranding.removeLogo')}
            </Button>
          ) : null}
        </div>
        <FileUpload label={t('adminBranding.newLogo', LOGO_FORMATS)} value={upload} onChange={setUpload} kinds={['webImages']} />
        <AlertMessage message={error} />
        <div className="actions actions-start">
          <Button type="submit" loading={busy}>
            {t('adminBranding.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        key={`removing-${removing.key}`}
        open={removing.open}
        title={t('adminBranding.confirmRemoveTitle')}
        message={t('adminBranding.confirmRemove', { company: settings.company })}
        confirmLabel={t('adminBranding.removeLogo')}
        busy={busy}
        onConfirm={() => void removeLogo()}
        onCancel={removing.hide}
      />
    </>
  );
}
