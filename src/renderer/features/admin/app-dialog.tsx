import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { AppSummary } from '../../../shared/protocol/admin-schemas';
import { ADMIN_API_SCOPE } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { ltr, tEnglish, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ChoiceCard } from '../../ui/choice-card';
import { Modal } from '../../ui/dialog/modal';
import { FileUpload, type UploadValue } from '../../ui/file-upload/file-upload';
import { TextField } from '../../ui/text-field';
import { useTimedMessage } from '../../ui/use-timed-message';
import { APP_FORM_MESSAGES, AppFormSchema, urisOf, type AppFormOutput, type AppFormValues } from './app-form';
import { imageUrl, uploadImage } from './upload-image';

const EMPTY_UPLOAD: UploadValue = { files: [], removedIds: [] };

/** The reply of a registration: the app, and a confidential app's secret (shown once). */
export interface Registered {
  app: AppSummary;
  clientSecret: string | null;
}

interface AppDialogProps {
  open: boolean;
  orgId: string;
  /** The app to edit; absent to register a new one. */
  app: AppSummary | null;
  onRegistered: (registered: Registered) => void;
  onSaved: (app: AppSummary) => void;
  onClose: () => void;
}

/**
 * Register an app, or change one: name, logo (optional), redirect URIs one per line, a back-channel logout URI
 * (optional; emptied, it is removed), public or confidential, and for a confidential one, the admin API (client
 * credentials, scope org:admin). An app's type is fixed once registered.
 */
export function AppDialog({ open, orgId, app, onRegistered, onSaved, onClose }: AppDialogProps) {
  const t = useT();
  const [upload, setUpload] = useState<UploadValue>(EMPTY_UPLOAD);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AppFormValues, unknown, AppFormOutput>({
    resolver: zodResolver(AppFormSchema, { error: APP_FORM_MESSAGES }),
    defaultValues: {
      name: app?.name ?? '',
      redirectUris: app?.redirectUris.join('\n') ?? '',
      backchannelLogoutUri: app?.backchannelLogoutUri ?? '',
      type: app?.type ?? 'confidential',
      apiAccess: app?.apiAccess ?? false,
    },
  });
  const type = useWatch({ control, name: 'type' });
  const chosen = upload.files[0];
  const currentLogo = app && !removeLogo ? imageUrl(app.logoUrl) : null;

  const submit = async (values: AppFormOutput) => {
    setBusy(true);
    try {
      const imageId = chosen && 'obj' in chosen ? await uploadImage(chosen.obj) : null;
      const logo = imageId ? { logo: { imageId } } : {};
      const fields = { orgId, name: values.name, redirectUris: urisOf(values.redirectUris) };
      if (app) {
        const reply = await call('updateApp', {
          ...fields,
          clientId: app.clientId,
          ...(app.type === 'confidential' ? { apiAccess: values.apiAccess } : {}),
          ...(imageId ? logo : removeLogo ? { logo: null } : {}),
          // Sent when changed only: null removes it.
          ...(values.backchannelLogoutUri === app.backchannelLogoutUri ? {} : { backchannelLogoutUri: values.backchannelLogoutUri }),
        });
        onSaved(reply.app);
      } else {
        const logoutUri = values.backchannelLogoutUri ? { backchannelLogoutUri: values.backchannelLogoutUri } : {};
        onRegistered(await call('registerApp', { ...fields, type: values.type, apiAccess: values.apiAccess, ...logo, ...logoutUri }));
      }
    } catch (failure) {
      showServerError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={app ? t('adminApps.editLabel', { name: app.name }) : t('adminApps.register')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="app-form" loading={busy}>
            {app ? t('adminApps.save') : t('adminApps.registerButton')}
          </Button>
        </>
      }
    >
      <form id="app-form" className="form" noValidate aria-label={app ? t('adminApps.editLabel', { name: app.name }) : t('adminApps.register')} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField id="app-name" label={t('adminApps.appName')} autoComplete="off" maxLength={100} error={errors.name?.message} {...register('name')} />
        <div className="field">
          <label className="field-label" htmlFor="app-redirect-uris">
            {t('adminApps.redirectUrisLabel')}
          </label>
          <textarea
            id="app-redirect-uris"
            className="field-input field-textarea admin-code"
            dir="ltr"
            rows={3}
            spellCheck={false}
            placeholder="https://app.example.com/callback"
            aria-invalid={errors.redirectUris ? true : undefined}
            aria-describedby="app-redirect-uris-hint app-redirect-uris-message"
            {...register('redirectUris')}
          />
          <p id="app-redirect-uris-hint" className="admin-hint">
            {t('adminApps.redirectUrisHint')}
          </p>
          <p id="app-redirect-uris-message" className="field-message" aria-live="polite">
            {errors.redirectUris?.message ? tEnglish(errors.redirectUris.message) : null}
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="app-logout-uri">
            {t('adminApps.logoutLabel')}
          </label>
          <input
            id="app-logout-uri"
            className="field-input admin-code"
            dir="ltr"
            type="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            placeholder="https://app.example.com/logout"
            aria-invalid={errors.backchannelLogoutUri ? true : undefined}
            aria-describedby="app-logout-uri-hint app-logout-uri-message"
            {...register('backchannelLogoutUri')}
          />
          <p id="app-logout-uri-hint" className="admin-hint">
            {t('adminApps.logoutHint')}
          </p>
          <p id="app-logout-uri-message" className="field-message" aria-live="polite">
            {errors.backchannelLogoutUri?.message ? tEnglish(errors.backchannelLogoutUri.message) : null}
          </p>
        </div>
        {app ? (
          <p>
            {t('adminApps.typeIs')} <strong>{app.type === 'confidential' ? t('adminApps.typeConfidentialFixed') : t('adminApps.typePublicFixed')}</strong>
          </p>
        ) : (
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <fieldset className="choice-group">
                <legend className="field-label">{t('adminApps.columnType')}</legend>
                <div className="admin-choices">
                  <ChoiceCard
                    type="radio"
                    name="app-type"
                    label={t('adminApps.typeConfidential')}
                    description={t('adminApps.confidentialDescription')}
                    checked={field.value === 'confidential'}
                    onChange={(checked) => checked && field.onChange('confidential')}
                  />
                  <ChoiceCard
                    type="radio"
                    name="app-type"
                    label={t('adminApps.typePublic')}
                    description={t('adminApps.publicDescription')}
                    checked={field.value === 'public'}
                    onChange={(checked) => checked && field.onChange('public')}
                  />
                </div>
              </fieldset>
            )}
          />
        )}
        {type === 'confidential' ? (
          <div className="checkbox">
            <input id="app-api-access" type="checkbox" aria-describedby="app-api-access-hint" {...register('apiAccess')} />
            <label htmlFor="app-api-access">
              {t('adminApps.apiAccessLabel')}
              <span id="app-api-access-hint" className="admin-hint admin-block">
                {t('adminApps.apiAccessHint', { scope: ltr(ADMIN_API_SCOPE) })}
              </span>
            </label>
          </div>
        ) : null}
        {currentLogo ? (
          <div className="admin-logo">
            <img className="admin-logo-preview admin-logo-small" src={currentLogo} alt={t('adminApps.logoAlt', { name: app?.name ?? '' })} />
            <Button variant="secondary" className="button-compact" onClick={() => setRemoveLogo(true)}>
              {t('adminApps.removeLogo')}
            </Button>
          </div>
        ) : null}
        <FileUpload label={app?.logoUrl && !removeLogo ? t('adminApps.newLogo') : t('adminApps.logo')} value={upload} onChange={setUpload} kinds={['webImages']} />
        <AlertMessage message={serverError} />
      </form>
    </Modal>
  );
}
