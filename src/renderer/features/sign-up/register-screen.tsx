import { useCallback, useEffect, useRef, useState } from 'react';
import { tEnglish, useT } from '../../i18n/screens';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Country } from '../../../shared/reference/countries';
import { DEFAULT_COUNTRY_CODE } from '../../../shared/reference/defaults';
import { call, errorMessage } from '../../api';
import { LOCAL_KEYS, readLocal } from '../../session/local-values';
import { saveEmail } from '../../session/saved-session';
import { AuthLayout } from '../../ui/auth-layout';
import { LoadingScreen } from '../../ui/spinner';
import { useTimedMessage } from '../../ui/use-timed-message';
import { AboutCompanyStep } from './about-company-step';
import { AboutYouStep } from './about-you-step';
import type * as z from 'zod';
import { forgetSignUpDraft, readSignUpDraft, saveSignUpDraft, type SignUpDraft } from './sign-up-draft';
import { EMPLOYEE_COUNTS, phoneValue, type AboutCompanySchema, type AboutCompanyValues, type AboutYouSchema } from './sign-up-schema';

const STEPS = [
  { key: 'aboutYou', label: 'signUp.stepAboutYou' },
  { key: 'aboutCompany', label: 'signUp.stepAboutCompany' },
] as const;

type AboutYouInput = z.input<typeof AboutYouSchema>;
type AboutCompanyInput = z.input<typeof AboutCompanySchema>;

/** Step 1 as first shown: a reload's draft over the defaults; the passwords are never in a draft. */
function firstAboutYou(draft: SignUpDraft): AboutYouInput {
  return { firstName: '', lastName: '', email: '', countryCode: DEFAULT_COUNTRY_CODE, phone: '', ...draft.aboutYou, password: '', cpassword: '' };
}

/** Step 2 as first shown: a reload's draft over the defaults (employees '1-5', the country of the dial code chosen). */
function firstAboutCompany(draft: SignUpDraft, country: string): AboutCompanyInput {
  const kept = draft.aboutCompany;
  const numemployees = EMPLOYEE_COUNTS.find((count) => count === kept.numemployees) ?? '1-5';
  return { company: '', industryType: '', country, referral: '', terms: true, ...kept, numemployees };
}

/** A ref that focuses its element once, when it mounts (stable, so a re-render does not move focus again). */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

/**
 * Create New Account (/register): aboutYou, then aboutCompany; signUp, then /stay-tuned. What was typed is kept: Back
 * from step 2 shows step 1 filled in (passwords too, from memory), and a reload shows both steps filled in but the
 * passwords (a draft in sessionStorage, forgotten once the sign-up went through).
 */
export function RegisterScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [countries, setCountries] = useState<readonly Country[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<(typeof STEPS)[number]['key']>('aboutYou');
  const [draft] = useState(readSignUpDraft);
  const [aboutYou, setAboutYou] = useState<AboutYouInput>(() => firstAboutYou(draft));
  const [aboutCompany, setAboutCompany] = useState<AboutCompanyInput | null>(null);
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const typed = useRef({ aboutYou: draft.aboutYou as Record<string, unknown>, aboutCompany: draft.aboutCompany as Record<string, unknown> });
  const rememberAboutYou = useCallback((values: Partial<AboutYouInput>) => {
    typed.current = { ...typed.current, aboutYou: values };
    saveSignUpDraft(typed.current);
  }, []);
  const rememberAboutCompany = useCallback((values: Partial<AboutCompanyInput>) => {
    typed.current = { ...typed.current, aboutCompany: values };
    saveSignUpDraft(typed.current);
  }, []);

  useEffect(() => {
    let current = true;
    call('addressParams', { type: 'country' }).then(
      ({ results }) => current && setCountries(results),
      (error: unknown) => current && setLoadError(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, []);

  if (loadError) {
    return (
      <AuthLayout>
        <h1>{t('signUp.title')}</h1>
        <p role="alert">{tEnglish(loadError)}</p>
      </AuthLayout>
    );
  }
  if (!countries) return <LoadingScreen fullPage label={t('signUp.loading')} />;
  const chosen = countries.find((country) => country.code === aboutYou.countryCode) ?? countries.find((country) => country.code === DEFAULT_COUNTRY_CODE);

  const submit = async (company: AboutCompanyValues) => {
    setLoading(true);
    const optional = (value: string | null | undefined) => (value ? value : undefined);
    try {
      const reply = await call('signUp', {
        firstName: aboutYou.firstName,
        lastName: aboutYou.lastName,
        email: aboutYou.email,
        password: aboutYou.password,
        cpassword: aboutYou.cpassword,
        phone: phoneValue(chosen?.dial_code ?? '+91', aboutYou.phone),
        company: company.company,
        numemployees: company.numemployees,
        country: company.country,
        industryType: company.industryType,
        referral: optional(company.referral),
        referralcode: optional(params.get('referralcode')),
        affiliatecode: optional(readLocal(LOCAL_KEYS.affiliateCode)),
        usercode: optional(readLocal(LOCAL_KEYS.userCode)),
      });
      // The mailed code is entered on /verify-email, which reads the address from here.
      saveEmail(reply.email);
      forgetSignUpDraft();
      navigate('/stay-tuned');
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  return (
    <AuthLayout>
      <header className="screen-header">
        {/* Step 2 replaces step 1 in place: its heading (a new element, by key) takes focus, as a route change would. */}
        <h1 key={step} tabIndex={-1} ref={step === 'aboutYou' ? undefined : focusWhenShown}>
          {t('signUp.title')}
        </h1>
        <ol className="steps" aria-label={t('signUp.steps')}>
          {STEPS.map((item, index) => (
            <li key={item.key} aria-current={item.key === step ? 'step' : undefined}>
              {t('signUp.step', { number: index + 1, label: t(item.label) })}
            </li>
          ))}
        </ol>
      </header>
      {step === 'aboutYou' ? (
        <AboutYouStep
          countries={countries}
          initial={aboutYou}
          onChange={rememberAboutYou}
          onNext={(values) => {
            setAboutYou(values);
            setStep('aboutCompany');
          }}
        />
      ) : (
        <AboutCompanyStep
          countries={countries}
          initial={aboutCompany ?? firstAboutCompany(draft, chosen?.label ?? 'India')}
          loading={loading}
          serverError={serverError}
          onChange={rememberAboutCompany}
          onBack={(values) => {
            setAboutCompany(values);
            setStep('aboutYou');
          }}
          onSubmit={submit}
        />
      )}
      <p className="screen-footer">
        {t('signUp.haveAccount')} <Link to="/login">{t('common.signIn')}</Link>
      </p>
    </AuthLayout>
  );
}

/** Stay Tuned! (/stay-tuned): after sign-up, sales follows up; the account is verified with the mailed code meanwhile. */
export function StayTunedScreen() {
  const t = useT();
  return (
    <AuthLayout>
      <section className="result-panel">
        <h1>{t('signUp.stayTuned')}</h1>
        <p>{t('signUp.thanks')}</p>
        <p className="lead">{t('signUp.codeMailed')}</p>
        <div className="actions actions-start">
          <a className="button button-primary" href="/">
            {t('signUp.goHome')}
          </a>
          <a className="button button-secondary" href={SCHEDULE_DEMO_URL} target="_blank" rel="noopener noreferrer">
            {t('signUp.scheduleDemo')}
          </a>
          <Link className="button button-secondary" to="/verify-email">
            {t('signUp.verifyEmail')}
          </Link>
        </div>
      </section>
    </AuthLayout>
  );
}

/** Where Schedule Demo leads: a mail to sales, since the spec names no booking site. */
const SCHEDULE_DEMO_URL = 'mailto:sales@example.com?subject=Schedule%20a%20demo%20of%20Suite%20Portal';
