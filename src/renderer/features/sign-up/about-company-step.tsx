import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type { Country } from '../../../shared/reference/countries';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { AboutCompanySchema, EMPLOYEE_COUNTS, INDUSTRIES, type AboutCompanyValues } from './sign-up-schema';

interface AboutCompanyStepProps {
  countries: readonly Country[];
  initial: z.input<typeof AboutCompanySchema>;
  loading: boolean;
  serverError: string | null;
  onBack: () => void;
  onSubmit: (values: AboutCompanyValues) => Promise<void>;
}

/** Step 2 (aboutCompany): company, size (default '1-5'), industry, country, how they heard of us, and the terms. */
export function AboutCompanyStep({ countries, initial, loading, serverError, onBack, onSubmit }: AboutCompanyStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof AboutCompanySchema>, unknown, AboutCompanyValues>({ resolver: zodResolver(AboutCompanySchema), defaultValues: initial });

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
        <Button variant="secondary" disabled={loading} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" loading={loading}>
          Create Account
        </Button>
      </div>
    </form>
  );
}
