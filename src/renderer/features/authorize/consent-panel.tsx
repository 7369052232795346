import { useEffect, useRef } from 'react';
import { scopeInWords, type AppInfoReply } from '../../../shared/protocol/oauth2-schemas';
import { useDocumentTitle } from '../../ui/use-document-title';
import { Button } from '../../ui/button';

/**
 * The consent screen of a third-party app (not one of the suite's): its name and logo, what it asks to see in plain
 * words, Allow or Deny. Shown once per user and app; the heading takes the focus when it appears, so a screen reader
 * starts at the question.
 */
export function ConsentPanel({ app, scopes, email, busy, onDecide }: { app: AppInfoReply; scopes: string[]; email: string | null; busy: boolean; onDecide: (decision: 'allow' | 'deny') => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`Allow ${app.client_name}? · Suite Portal`);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="authorize-consent" aria-labelledby="consent-heading">
      <header className="screen-header authorize-header">
        {app.client_logo ? <img className="authorize-logo" src={app.client_logo} alt={`${app.client_name} logo`} /> : null}
        <h1 id="consent-heading" ref={heading} tabIndex={-1}>
          Allow {app.client_name} to sign you in?
        </h1>
        <p className="lead">
          {app.client_name} is not one of the suite&apos;s apps. {email ? `If you allow it, it signs you in as ${email} and may:` : 'If you allow it, it may:'}
        </p>
      </header>
      <ul className="authorize-scopes">
        {scopes.map((scope) => (
          <li key={scope}>{scopeInWords(scope)}</li>
        ))}
      </ul>
      <p className="form-aside">You can take this back at any time in Security, Connected apps.</p>
      <div className="actions authorize-choose">
        <Button className="button-block" loading={busy} onClick={() => onDecide('allow')}>
          Allow
        </Button>
        <Button variant="secondary" className="button-block" disabled={busy} onClick={() => onDecide('deny')}>
          Deny
        </Button>
      </div>
    </section>
  );
}
