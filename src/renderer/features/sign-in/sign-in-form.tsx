import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../api';
import { afterFirstPaint } from '../../platform';
import { useT } from '../../i18n';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import type { SignInErrors, SignInValues } from './sign-in-schema';

interface SignInFormProps {
  loading: boolean;
  /** No connection: Login waits (the screen says why). */
  offline?: boolean;
  /** The server's answer to a failed sign-in, shown under the password field. */
  serverError: string | null;
  forgotPasswordTo: string;
  /** The identifier's label: email or user name (/login), email or employee code (onboarding, spec section 2). */
  identifierLabel: string;
  onSubmit: (values: SignInValues) => Promise<void>;
  /** Ask, as an address is typed, whether its company signs it in (/login; issue 25). */
  discoverCompany?: boolean;
  /** "Continue with {Company} sign-in": where the discovery said it starts (`/{orgId}/sso?…`). */
  onCompanySignIn?: (path: string) => Promise<void> | void;
}

/** A company sign-in the typed address's domain goes to: its name, and where it starts. */
type CompanySignIn = { company: string; url: string } | null;

/**
 * As an address is typed (after a pause), asks the server whether its domain signs in through its company's own
 * provider. The answer depends on the domain alone.
 */
function useCompanySignIn(enabled: boolean) {
  const [found, setFound] = useState<CompanySignIn>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef('');
  useEffect(() => () => clearTimeout(timer.current), []);
  const typed = (identifier: string) => {
    if (!enabled) return;
    clearTimeout(timer.current);
    const value = identifier.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) {
      asked.current = '';
      setFound(null);
      return;
    }
    if (value === asked.current) return;
    timer.current = setTimeout(() => {
      asked.current = value;
      call('discoverSignIn', { identifier: value }).then(
        (reply) => asked.current === value && setFound(reply.sso),
        () => setFound(null),
      );
    }, 400);
  };
  return { found, typed };
}

const SERVER_ERROR_ID = 'sign-in-server-error';
const FIELD_IDS = { identifier: 'sign-in-identifier', password: 'sign-in-password' } as const;

/**
 * The form's rules (zod and the `login` contract's identifier and password rules) are not needed to paint it: they
 * load once the first screen shows and are awaited on submit, should the user be quicker.
 */
const loadRules = () => afterFirstPaint().then(() => import('./sign-in-schema'));
type Rules = Awaited<ReturnType<typeof loadRules>>;

const read = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return { identifier: String(data.get('identifier') ?? ''), password: String(data.get('password') ?? '') };
};

/**
 * Identifier and password; submits (Enter or Login) only when both are valid. As with the portal's other forms, the
 * messages appear at the first submit, then follow each change, and the first field in error takes the focus. It is
 * the one form without react-hook-form: it paints /login, and that library waits for the screens after it.
 */
export function SignInForm({ loading, offline = false, serverError, forgotPasswordTo, identifierLabel, onSubmit, discoverCompany = false, onCompanySignIn }: SignInFormProps) {
  const t = useT();
  const [errors, setErrors] = useState<SignInErrors>({});
  const rules = useRef<Rules | null>(null);
  const submitted = useRef(false);

  useEffect(() => {
    void loadRules().then((loaded) => (rules.current = loaded));
  }, []);

  const company = useCompanySignIn(discoverCompany);
  // An organization's admin keeps a password sign-in when its company sign-in is required (a way in if it breaks).
  const [passwordInstead, setPasswordInstead] = useState(false);
  const companySignIn = passwordInstead ? null : company.found;

  const recheck = (event: FormEvent<HTMLFormElement>) => {
    company.typed(read(event.currentTarget).identifier);
    if (submitted.current && rules.current) setErrors(rules.current.checkSignIn(read(event.currentTarget)).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (companySignIn) return onCompanySignIn?.(companySignIn.url);
    const form = event.currentTarget;
    submitted.current = true;
    const { checkSignIn } = (rules.current ??= await loadRules());
    const checked = checkSignIn(read(form));
    setErrors(checked.errors);
    if (checked.values) return onSubmit(checked.values);
    const first = checked.errors.identifier ? 'identifier' : 'password';
    document.getElementById(FIELD_IDS[first])?.focus();
  };

  return (
    // method="dialog": /login's page carries this form before its scripts run (app/login-shell.tsx), and a submit then
    // (Enter in a field) must not go out as a plain GET with the password in its URL. Outside a dialog such a form
    // submits nowhere; once React has the page, the submit is handled here as always.
    <form className="form" method="dialog" noValidate onChange={recheck} onSubmit={(event) => void submit(event)}>
      <TextField
        id={FIELD_IDS.identifier}
        name="identifier"
        label={identifierLabel}
        // Saved passkeys are offered in this field's suggestions too, where /login asks for them (passkey-sign-in.tsx).
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        // An address or user name reads left to right in every language.
        dir="ltr"
        error={errors.identifier}
      />
      {companySignIn ? (
        <>
          <p className="notice" role="status">
            {t('signIn.companyNotice', { company: companySignIn.company })}
          </p>
          <AlertMessage id={SERVER_ERROR_ID} message={serverError} />
          <Button type="submit" className="button-block" loading={loading} disabled={offline}>
            {t('signIn.companyContinue', { company: companySignIn.company })}
          </Button>
          <p className="form-aside">
            <Button variant="link" onClick={() => setPasswordInstead(true)}>
              {t('signIn.passwordInstead')}
            </Button>
          </p>
        </>
      ) : (
        <>
          <PasswordField
            id={FIELD_IDS.password}
            name="password"
            label={t('field.password')}
            autoComplete="current-password"
            error={errors.password}
            describedBy={serverError ? SERVER_ERROR_ID : undefined}
          />
          <AlertMessage id={SERVER_ERROR_ID} message={serverError} />
          <p className="form-aside">
            <Link to={forgotPasswordTo}>{t('signIn.forgotPassword')}</Link>
          </p>
          <Button type="submit" className="button-block" loading={loading} disabled={offline}>
            {t('common.login')}
          </Button>
        </>
      )}
    </form>
  );
}
