import { tEnglish, useT } from '../i18n/screens';
import { PASSWORD_CHECKLIST } from '../../shared/validation/password';

/** The live checklist of spec section 5: each rule ticks as the password meets it. Same rules as the server's. */
export function PasswordChecklist({ id, value }: { id: string; value: string }) {
  const t = useT();
  const password = value.trim();
  return (
    <ul id={id} className="password-checklist" aria-label={t('checklist.label')}>
      {PASSWORD_CHECKLIST.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={met ? 'met' : undefined}>
            <span aria-hidden="true">{met ? '✔' : '•'}</span> {tEnglish(rule.label)}
            <span className="visually-hidden">{` ${t(met ? 'checklist.done' : 'checklist.missing')}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
