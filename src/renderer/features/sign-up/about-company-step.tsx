import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type { Country } from '../../../shared/reference/countries';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { AboutCompanySchema, EMPLOYEE_COUNTS, INDUSTRIES, type AboutCompanyValues } from './sign-up-schema';

type AboutCompanyInput = z.input<typeof AboutCompanySchema>;

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
      <TextField id="sign-up-company" label="Company Name" autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <div className="field-row">
        <SelectField
          id="sign-up-employees"
          label="Number of Employees"
          options={EMPLOYEE_COUNTS.map((value) => ({ value, label: value }))}
          error={errors.numemployees?.message}
          {...register('numemployees')}
        />
        <SelectField
          id="sign-up-industry"
          label="Industry"
          options={[{ value: '', label: 'Select industry' }, ...INDUSTRIES.map((value) => ({ value, label: value }))]}
          error={errors.industryType?.message}
          {...register('industryType')}
        />
      </div>
      <SelectField
        id="sign-up-country"
        label="Country"
        autoComplete="country-name"
        options={countries.map((country) => ({ value: country.label, label: country.label }))}
        error={errors.country?.message}
        {...register('country')}
      />
      <TextField id="sign-up-referral" label="How did you hear about us? (optional)" error={errors.referral?.message} {...register('referral')} />
      <div className="checkbox">
        <input
          id="sign-up-terms"
          type="checkbox"
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby="sign-up-terms-tooltip"
          {...register('terms')}
        />
        <label htmlFor="sign-up-terms">I agree to the Terms &amp; Conditions and Privacy Policy</label>
      </div>
      {errors.terms?.message ? (
        <p id="sign-up-terms-tooltip" className="alert-message" role="alert">
          {errors.terms.message}
        </p>
      ) : null}
      <AlertMessage message={serverError} />
      <div className="actions">
        <Button variant="secondary" disabled={loading} onClick={() => onBack(getValues())}>
          Back
        </Button>
        <Button type="submit" loading={loading}>
          Create Account
        </Button>
      </div>
    </form>
  );
}
