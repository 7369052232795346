import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ProductKey, Role } from '../../../shared/products';
import { CallError } from '../../../shared/protocol/errors';
import type { SsoConnection, SsoTestResult } from '../../../shared/protocol/sso-schemas';
import { call, errorMessage } from '../../api';
import { ltr, t as translate, tEnglish, useT, type MessageId } from '../../i18n/screens';
import { platform } from '../../platform';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { SelectField } from '../../ui/select-field';
import { LoadingScreen } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { useAccountList } from '../account/use-account-list';
import { ROLE_OPTIONS } from './admin-format';
import { Slotted, SLOT, When } from './admin-text';
import { ProductAccessField } from './product-access-field';
import { useDialog } from './use-dialog';

interface ConnectionValues {
  kind: 'oidc' | 'saml';
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  metadataUrl: string;
  metadataXml: string;
  allowIdpInitiated: boolean;
  defaultRole: Role;
}

const KIND_LABELS = { oidc: 'adminConnections.kindOidc', saml: 'adminConnections.kindSaml' } as const satisfies Record<string, MessageId>;

/** The console's test result, once: the server put its hand-off in the fragment when the provider sent the admin back. */
const readTestHandoff = (): string | null => /^#sso-test=([A-Za-z0-9_-]{32,128})$/.exec(window.location.hash)?.[1] ?? null;

/** A labelled value with a copy button: the addresses an admin registers at the provider. */
function Copyable({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <CopyButton value={value} label={copyLabel}>
          {translate('adminConnections.copy')}
        </CopyButton>
      </dd>
    </div>
  );
}

/**
 * The "Company sign-in" part of /admin/{orgId}/sign-in (issue 25): the organization's own identity providers. Add one
 * (OpenID Connect or SAML 2.0) with the addresses to register there, run "Test sign-in" (the provider sends the admin
 * back here with the claims it mapped), then turn it on and, if wanted, require it for verified-domain addresses.
 */
export function ConnectionsSection({ orgId, company, plan }: { orgId: string; company: string; plan: readonly ProductKey[] }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, showError] = useTimedMessage();
  const load = useCallback(() => call('getSsoConnections', { orgId }).then(({ list }) => list), [orgId]);
  const { list: connections, reload } = useAccountList(load, showError);
  const [testResult, setTestResult] = useState<SsoTestResult | null>(null);
  const [products, setProducts] = useState<ProductKey[]>([]);
  const removing = useDialog<SsoConnection>();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConnectionValues>({
    defaultValues: { kind: 'oidc', name: '', issuer: '', clientId: '', clientSecret: '', metadataUrl: '', metadataXml: '', allowIdpInitiated: false, defaultRole: 'member' },
  });
  const kind = useWatch({ control, name: 'kind' });
  const role = useWatch({ control, name: 'defaultRole' });

  useEffect(() => {
    const handoff = readTestHandoff();
    if (!handoff) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    call('getSsoTestResult', { orgId, handoff }).then(
      ({ result }) => {
        setTestResult(result);
        reload();
      },
      (failure: unknown) => showError(errorMessage(failure)),
    );
  }, [orgId, reload, showError]);

  const add = async (values: ConnectionValues) => {
    const common = { orgId, name: values.name, defaultRole: values.defaultRole, defaultProducts: values.defaultRole === 'admin' ? [] : products };
    const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
    try {
      const payload =
        values.kind === 'oidc'
          ? { ...common, kind: 'oidc' as const, oidc: { issuer: values.issuer, clientId: values.clientId, clientSecret: values.clientSecret } }
          : { ...common, kind: 'saml' as const, saml: { metadataUrl: text(values.metadataUrl), metadataXml: text(values.metadataXml), allowIdpInitiated: values.allowIdpInitiated } };
      const { connection } = await call('createSsoConnection', payload as Parameters<typeof call<'createSsoConnection'>>[1]);
      reset();
      setProducts([]);
      showToast(t('adminConnections.toastAdded', { name: connection.name }));
      reload();
    } catch (failure) {
      const field = failure instanceof CallError ? failure.data?.fields?.[0] : undefined;
      const named = field ? (field.split('.').at(-1) as keyof ConnectionValues) : undefined;
      if (named && named in ({ name: 1, issuer: 1, clientId: 1, clientSecret: 1, metadataUrl: 1, metadataXml: 1 } as const)) {
        setError(named, { message: tEnglish(errorMessage(failure).replace(/^[\w.]+: /, '')) }, { shouldFocus: true });
      } else showError(errorMessage(failure));
    }
  };

  const change = async (connection: SsoConnection, patch: { enabled?: boolean; enforced?: boolean }, done: string) => {
    setBusy(connection.id);
    try {
      await call('updateSsoConnection', { orgId, connectionId: connection.id, ...patch });
      showToast(done);
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(null);
      reload();
    }
  };

  const test = async (connection: SsoConnection) => {
    setBusy(connection.id);
    try {
      const { url } = await call('startSsoTest', { orgId, connectionId: connection.id });
      platform.redirect(url);
    } catch (failure) {
      showError(errorMessage(failure));
      setBusy(null);
    }
  };

  const remove = async (connection: SsoConnection) => {
    setBusy(connection.id);
    try {
      await call('deleteSsoConnection', { orgId, connectionId: connection.id });
      showToast(t('adminConnections.toastRemoved', { name: connection.name }));
      reload();
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(null);
      removing.hide();
    }
  };

  const pending = removing.subject;
  return (
    <section className="admin-part" aria-labelledby="company-sign-in-heading">
      <h2 id="company-sign-in-heading">{t('adminConnections.heading')}</h2>
      <p className="admin-note">{t('adminConnections.note', { company })}</p>
      <AlertMessage message={error} />
      {testResult ? <TestResultPanel result={testResult} connections={connections ?? []} onClose={() => setTestResult(null)} /> : null}
      {connections === null ? <LoadingScreen label={t('adminConnections.loading')} /> : null}
      {connections?.length === 0 ? <p className="muted">{t('adminConnections.empty')}</p> : null}
      <ul className="admin-domains">
        {(connections ?? []).map((connection) => (
          <li key={connection.id} className="admin-domain">
            <h3>
              {connection.name} <span className="muted">({t(KIND_LABELS[connection.kind])})</span>
              <span className={connection.enabled ? 'admin-badge admin-badge-ok' : 'admin-badge'}>{connection.enabled ? (connection.enforced ? t('adminConnections.onRequired') : t('adminConnections.on')) : t('adminConnections.off')}</span>
            </h3>
            <p className="admin-hint" role="status">
              {connection.testedAt ? (
                <Slotted text={t('adminConnections.tested', { time: SLOT })}>
                  <When at={connection.testedAt} />
                </Slotted>
              ) : (
                t('adminConnections.notTested')
              )}
            </p>
            <dl className="admin-credentials">
              {connection.oidc ? <Copyable label={t('adminConnections.redirectUri')} copyLabel={t('adminConnections.copyRedirectUri')} value={connection.oidc.redirectUri} /> : null}
              {connection.saml ? (
                <>
                  <Copyable label={t('adminConnections.spMetadata')} copyLabel={t('adminConnections.copySpMetadata')} value={connection.saml.spMetadataUrl} />
                  <Copyable label={t('adminConnections.acsUrl')} copyLabel={t('adminConnections.copyAcsUrl')} value={connection.saml.acsUrl} />
                </>
              ) : null}
              <Copyable label={t('adminConnections.signInLink')} copyLabel={t('adminConnections.copySignInLink')} value={connection.startUrl} />
            </dl>
            <div className="admin-row-actions">
              <Button className="button-compact" aria-label={t('adminConnections.testLabel', { name: connection.name })} loading={busy === connection.id} disabled={busy !== null} onClick={() => void test(connection)}>
                {t('adminConnections.test')}
              </Button>
              <Button
                variant="secondary"
                className="button-compact"
                aria-label={t(connection.enabled ? 'adminConnections.turnOffLabel' : 'adminConnections.turnOnLabel', { name: connection.name })}
                disabled={busy !== null}
                onClick={() => void change(connection, { enabled: !connection.enabled }, t(connection.enabled ? 'adminConnections.toastOff' : 'adminConnections.toastOn', { name: connection.name }))}
              >
                {connection.enabled ? t('adminConnections.turnOff') : t('adminConnections.turnOn')}
              </Button>
              {connection.enabled ? (
                <Button
                  variant="secondary"
                  className="button-compact"
                  aria-label={t(connection.enforced ? 'adminConnections.stopRequiringLabel' : 'adminConnections.requireLabel', { name: connection.name })}
                  disabled={busy !== null}
                  onClick={() =>
                    void change(
                      connection,
                      { enforced: !connection.enforced },
                      t(connection.enforced ? 'adminConnections.toastNotRequired' : 'adminConnections.toastRequired', { name: connection.name }),
                    )
                  }
                >
                  {connection.enforced ? t('adminConnections.stopRequiring') : t('adminConnections.require')}
                </Button>
              ) : null}
              <Button variant="secondary" className="button-compact button-danger" aria-label={t('adminConnections.removeLabel', { name: connection.name })} disabled={busy !== null} onClick={() => removing.show(connection)}>
                {t('adminConnections.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form className="form admin-connection-form" noValidate aria-label={t('adminConnections.addHeading')} onSubmit={(event) => void handleSubmit(add)(event)}>
        <h3>{t('adminConnections.addHeading')}</h3>
        <SelectField
          id="sso-kind"
          label={t('adminConnections.protocol')}
          options={[
            { value: 'oidc', label: t(KIND_LABELS.oidc) },
            { value: 'saml', label: t(KIND_LABELS.saml) },
          ]}
          {...register('kind')}
        />
        <TextField id="sso-name" label={t('adminConnections.name')} placeholder={t('adminConnections.namePlaceholder')} autoComplete="off" maxLength={80} error={errors.name?.message} {...register('name', { required: t('adminConnections.nameRequired') })} />
        {kind === 'oidc' ? (
          <>
            <TextField
              id="sso-issuer"
              label={t('adminConnections.issuer')}
              placeholder="https://yourcompany.okta.com"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              error={errors.issuer?.message}
              {...register('issuer', { required: t('adminConnections.issuerRequired') })}
            />
            <TextField id="sso-client-id" label={t('adminConnections.clientId')} dir="ltr" autoComplete="off" spellCheck={false} error={errors.clientId?.message} {...register('clientId', { required: t('adminConnections.clientIdRequired') })} />
            <TextField
              id="sso-client-secret"
              label={t('adminConnections.clientSecret')}
              type="password"
              dir="ltr"
              autoComplete="new-password"
              error={errors.clientSecret?.message}
              {...register('clientSecret', { required: t('adminConnections.clientSecretRequired') })}
            />
          </>
        ) : (
          <>
            <TextField id="sso-metadata-url" label={t('adminConnections.metadataUrl')} dir="ltr" placeholder="https://idp.example.com/metadata" autoComplete="off" spellCheck={false} error={errors.metadataUrl?.message} {...register('metadataUrl')} />
            <div className="field">
              <label className="field-label" htmlFor="sso-metadata-xml">
                {t('adminConnections.metadataXml')}
              </label>
              <textarea id="sso-metadata-xml" className="field-input field-textarea admin-code" dir="ltr" rows={4} spellCheck={false} aria-invalid={errors.metadataXml ? true : undefined} aria-describedby="sso-metadata-xml-message" {...register('metadataXml')} />
              <p id="sso-metadata-xml-message" className="field-message" aria-live="polite">
                {errors.metadataXml?.message ? tEnglish(errors.metadataXml.message) : null}
              </p>
            </div>
            <div className="checkbox">
              <input id="sso-idp-initiated" type="checkbox" {...register('allowIdpInitiated')} />
              <label htmlFor="sso-idp-initiated">{t('adminConnections.idpInitiated')}</label>
            </div>
          </>
        )}
        <SelectField id="sso-default-role" label={t('adminConnections.defaultRole')} options={ROLE_OPTIONS} {...register('defaultRole')} />
        <ProductAccessField role={role} plan={plan} value={products} onChange={setProducts} hint={t('adminConnections.productsHint')} />
        <Button type="submit" loading={isSubmitting}>
          {t('adminConnections.add')}
        </Button>
      </form>
      <ConfirmDialog
        key={`removing-${removing.key}`}
        open={removing.open}
        title={pending ? t('adminConnections.confirmRemoveTitle', { name: pending.name }) : ''}
        message={t('adminConnections.confirmRemove')}
        confirmLabel={t('adminConnections.remove')}
        busy={busy !== null}
        onConfirm={() => pending && void remove(pending)}
        onCancel={removing.hide}
      />
    </section>
  );
}

/** What a test sign-in brought back: the claims as mapped, and whether such a person can sign in. */
function TestResultPanel({ result, connections, onClose }: { result: SsoTestResult; connections: SsoConnection[]; onClose: () => void }) {
  const t = useT();
  const name = connections.find((connection) => connection.id === result.connectionId)?.name;
  const text = (value: string | null) => value ?? t('adminConnections.notSent');
  return (
    <div className="admin-test-result" role="region" aria-labelledby="sso-test-heading">
      <h3 id="sso-test-heading" tabIndex={-1} ref={(element) => element?.focus()}>
        {result.problem ? t('adminConnections.testNeedsAttention') : t('adminConnections.testWorks')}
      </h3>
      <p role="status">
        {result.problem
          ? tEnglish(result.problem)
          : t('adminConnections.testSignedIn', { name: name ?? t('adminConnections.theConnection'), email: result.email ? ltr(result.email) : t('adminConnections.notSent') })}
      </p>
      <dl className="admin-credentials">
        <div>
          <dt>{t('adminConnections.subject')}</dt>
          <dd>
            <code>{result.subject}</code>
          </dd>
        </div>
        <div>
          <dt>{t('adminConnections.email')}</dt>
          <dd dir={result.email ? 'ltr' : undefined}>{text(result.email)}</dd>
        </div>
        <div>
          <dt>{t('adminConnections.firstName')}</dt>
          <dd>{text(result.givenName)}</dd>
        </div>
        <div>
          <dt>{t('adminConnections.lastName')}</dt>
          <dd>{text(result.familyName)}</dd>
        </div>
        <div>
          <dt>{t('adminConnections.groups')}</dt>
          <dd>{result.groups.length > 0 ? result.groups.join(', ') : t('adminConnections.noGroups')}</dd>
        </div>
        <div>
          <dt>{t('adminConnections.multiFactor')}</dt>
          <dd>{result.multiFactor ? t('adminConnections.yes') : t('adminConnections.no')}</dd>
        </div>
      </dl>
      <Button variant="secondary" className="button-compact" onClick={onClose}>
        {t('adminConnections.close')}
      </Button>
    </div>
  );
}
