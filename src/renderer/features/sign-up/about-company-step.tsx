import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type { Country } from '../../../shared/reference/countries';
import { tEnglish, useLanguage, useT, type MessageId } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { countriesShown } from './country-names';
import { AboutCompanySchema, EMPLOYEE_COUNTS, INDUSTRIES, type AboutCompanyValues } from './sign-up-schema';

type AboutCompanyInput = z.input<typeof AboutCompanySchema>;

/** The industries' names on screen; the value sent stays the English of INDUSTRIES. */
const INDUSTRY_IDS: Record<string, MessageId> = {
  'Information Technology': 'signUp.industryIt',
  Manufacturing: 'signUp.industryManufacturing',
  Retail: 'signUp.industryRetail',
  Healthcare: 'signUp.industryHealthcare',
  Education: 'signUp.industryEducation',
  Finance: 'signUp.industryFinance',
  Construction: 'signUp.industryConstruction',
  Hospitality: 'signUp.industryHospitality',
  Other: 'signUp.industryOther',
};

interface AboutCompanyStepProps {
  countries: readonly Country[];
  initial: AboutCompanyInput;
  loading: boolean;
  serverError: string | null;
  /** Each change, for the draft kept across a reload. */
  onChange: (values: Partial<AboutCompanyInput>) => void;
  /** Back to step 1, with what was typed here so far (kept for when the user comes back). */
  onBack: (values: AboutCompanyInput) => void;
  onSubmit: (values: AboutCompanyValues) => Promise<void>;
}

/** Step 2 (aboutCompany): company, size (default '1-5'), industry, country, how they heard of us, and the terms. */
export function AboutCompanyStep({ countries, initial, loading, serverError, onChange, onBack, onSubmit }: AboutCompanyStepProps) {
  const t = useT();
  const language = useLanguage();
  const shownError = (message: string | undefined) => (message ? tEnglish(message) : undefined);
  const {
    register,
    handleSubmit,
    getValues,
    subscribe,
    formState: { errors },
  } = useForm<AboutCompanyInput, unknown, AboutCompanyValues>({ resolver: zodResolver(AboutCompanySchema), defaultValues: initial });
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => onChange(values) }), [subscribe, onChange]);

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField id="sign-up-company" label={t('signUp.company')} autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <div className="field-row">
        <SelectField
          id="sign-up-employees"
          label={t('signUp.employees')}
          options={EMPLOYEE_COUNTS.map((value) => ({ value, label: value }))}
          error={shownError(errors.numemployees?.message)}
          {...register('numemployees')}
        />
        <SelectField
          id="sign-up-industry"
          label={t('signUp.industry')}
          options={[{ value: '', label: t('signUp.selectIndustry') }, ...INDUSTRIES.map((value) => ({ value, label: t(INDUSTRY_IDS[value] ?? 'signUp.industryOther') }))]}
          error={shownError(errors.industryType?.message)}
          {...register('industryType')}
        />
      </div>
      <SelectField
        id="sign-up-country"
        label={t('signUp.country')}
        autoComplete="country-name"
        options={countriesShown(countries, language).map(({ country, name }) => ({ value: country.label, label: name }))}
        error={shownError(errors.country?.message)}
        {...register('country')}
      />
      <TextField id="sign-up-referral" label={t('signUp.referral')} error={errors.referral?.message} {...register('referral')} />
      <div className="checkbox">
        <input
          id="sign-up-terms"
          type="checkbox"
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby="sign-up-terms-tooltip"
          {...register('terms')}
        />
        <label htmlFor="sign-up-terms">{t('signUp.terms')}</label>
      </div>
      {errors.terms?.message ? (
        <p id="sign-up-terms-tooltip" className="alert-message" role="alert">
          {tEnglish(errors.terms.message)}
        </p>
      ) : null}
      <AlertMessage message={serverError} />
      <div className="actions">
        <Button variant="secondary" disabled={loading} onClick={() => onBack(getValues())}>
          {t('signUp.back')}
        </Button>
        <Button type="submit" loading={loading}>
          {t('signUp.createAccount')}
        </Button>
      </div>
    </form>
  );
}
