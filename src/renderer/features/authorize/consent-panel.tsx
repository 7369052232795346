import { useEffect, useRef } from 'react';
import { scopeInWords, type AppInfoReply } from '../../../shared/protocol/oauth2-schemas';
import { ltr, tEnglish, useT } from '../../i18n/screens';
import { useDocumentTitle } from '../../ui/use-document-title';
import { Button } from '../../ui/button';

/**
 * The consent screen of a third-party app (not one of the suite's): its name and logo, what it asks to see in plain
 * words, Allow or Deny. Shown once per user and app; the heading takes the focus when it appears, so a screen reader
 * starts at the question.
 */
export function ConsentPanel({ app, scopes, email, busy, onDecide }: { app: AppInfoReply; scopes: string[]; email: string | null; busy: boolean; onDecide: (decision: 'allow' | 'deny') => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${t('authorize.consentTitle', { app: app.client_name })} · Suite Portal`);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="authorize-consent" aria-labelledby="consent-heading">
      <header className="screen-header authorize-header">
        {app.client_logo ? <img className="authorize-logo" src={app.client_logo} alt={t('authorize.logoAlt', { app: app.client_name })} /> : null}
        <h1 id="consent-heading" ref={heading} tabIndex={-1}>
          {t('authorize.consentHeading', { app: app.client_name })}
        </h1>
        <p className="lead">
          {t('authorize.notSuiteApp', { app: app.client_name })} {email ? t('authorize.mayAs', { email: ltr(email) }) : t('authorize.may')}
        </p>
      </header>
      <ul className="authorize-scopes">
        {scopes.map((scope) => (
          <li key={scope}>{tEnglish(scopeInWords(scope))}</li>
        ))}
      </ul>
      <p className="form-aside">{t('authorize.takeBack')}</p>
      <div className="actions authorize-choose">
        <Button className="button-block" loading={busy} onClick={() => onDecide('allow')}>
          {t('authorize.allow')}
        </Button>
        <Button variant="secondary" className="button-block" disabled={busy} onClick={() => onDecide('deny')}>
          {t('authorize.deny')}
        </Button>
      </div>
    </section>
  );
}
