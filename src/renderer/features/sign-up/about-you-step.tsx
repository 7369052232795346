import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import type { Country } from '../../../shared/reference/countries';
import { MESSAGES } from '../../../shared/validation/messages';
import { ltr, tEnglish, useLanguage, useT } from '../../i18n/screens';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useTimedMessage } from '../../ui/use-timed-message';
import { countriesShown } from './country-names';
import { AboutYouSchema, BLOCKED_PHONE_KEYS, type AboutYouValues } from './sign-up-schema';

type AboutYouInput = z.input<typeof AboutYouSchema>;

interface AboutYouStepProps {
  countries: readonly Country[];
  /** What was typed before (Back from step 2 brings the passwords too; a reload does not). */
  initial: AboutYouInput;
  /** Each change, for the draft kept across a reload (which leaves the passwords out). */
  onChange: (values: Partial<AboutYouInput>) => void;
  onNext: (values: AboutYouValues) => void;
}

/**
 * Step 1 (aboutYou): name, email (checked with checkEmailExistense before moving on), phone with its dial code, and
 * the password with its confirmation and the live checklist (spec section 5).
 */
export function AboutYouStep({ countries, initial, onChange, onNext }: AboutYouStepProps) {
  const t = useT();
  const language = useLanguage();
  const [checking, setChecking] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    setError,
    control,
    subscribe,
    formState: { errors },
  } = useForm<AboutYouInput, unknown, AboutYouValues>({ resolver: zodResolver(AboutYouSchema), defaultValues: initial });
  const typedPassword = useWatch({ control, name: 'password' });
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => onChange(values) }), [subscribe, onChange]);

  const next = async (values: AboutYouValues) => {
    setChecking(true);
    try {
      const { exists } = await call('checkEmailExistense', { email: values.email });
      if (exists) setError('email', { message: MESSAGES.emailExists }, { shouldFocus: true });
      else onNext(values);
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setChecking(false);
  };

  const phone = register('phone');
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(next)(event)}>
      <div className="field-row">
        <TextField id="sign-up-first-name" label={t('signUp.firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField id="sign-up-last-name" label={t('signUp.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField id="sign-up-email" dir="ltr" label={t('signUp.workEmail')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <div className="field-row">
        <SelectField
          id="sign-up-country-code"
          label={t('signUp.countryCode')}
          autoComplete="tel-country-code"
          options={countriesShown(countries, language).map(({ country, name }) => ({ value: country.code, label: `${name} (${ltr(country.dial_code)})` }))}
          error={errors.countryCode?.message ? tEnglish(errors.countryCode.message) : undefined}
          {...register('countryCode')}
        />
        <TextField
          id="sign-up-phone"
          label={t('signUp.phone')}
          type="tel"
          dir="ltr"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errors.phone?.message}
          {...phone}
          onKeyDown={(event) => {
            if (BLOCKED_PHONE_KEYS.has(event.key)) event.preventDefault();
          }}
          onChange={(event) => {
            // A paste can still bring other characters; only digits are kept.
            event.target.value = event.target.value.replace(/\D/g, '');
            void phone.onChange(event);
          }}
        />
      </div>
      <NewPasswordFields
        idPrefix="sign-up"
        passwordLabel={t('field.password')}
        password={register('password')}
        confirm={register('cpassword')}
        value={typedPassword}
        errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
      />
      <AlertMessage message={serverError} />
      <Button type="submit" className="button-block" loading={checking}>
        {t('signUp.next')}
      </Button>
    </form>
  );
}
