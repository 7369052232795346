import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ProductKey, Role } from '../../../shared/products';
import { CallError } from '../../../shared/protocol/errors';
import type { SsoConnection, SsoTestResult } from '../../../shared/protocol/sso-schemas';
import { call, errorMessage } from '../../api';
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
import { formatTime } from '../account/account-format';
import { useAccountList } from '../account/use-account-list';
import { ROLE_OPTIONS } from './admin-format';
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

const KIND_LABELS = { oidc: 'OpenID Connect', saml: 'SAML 2.0' } as const;

/** The console's test result, once: the server put its hand-off in the fragment when the provider sent the admin back. */
const readTestHandoff = (): string | null => /^#sso-test=([A-Za-z0-9_-]{32,128})$/.exec(window.location.hash)?.[1] ?? null;

/** A labelled value with a copy button: the addresses an admin registers at the provider. */
function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`}>
          Copy
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
      showToast(`${connection.name} added: register the addresses below at the provider, then run "Test sign-in".`);
      reload();
    } catch (failure) {
      const field = failure instanceof CallError ? failure.data?.fields?.[0] : undefined;
      const named = field ? (field.split('.').at(-1) as keyof ConnectionValues) : undefined;
      if (named && named in ({ name: 1, issuer: 1, clientId: 1, clientSecret: 1, metadataUrl: 1, metadataXml: 1 } as const)) {
        setError(named, { message: errorMessage(failure).replace(/^[\w.]+: /, '') }, { shouldFocus: true });
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
      showToast(`${connection.name} was removed.`);
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
      <h2 id="company-sign-in-heading">Company sign-in</h2>
      <p className="admin-note">
        Connect {company}’s own identity provider (Okta, Google Workspace, Microsoft Entra or any other). People whose address is on a verified domain are sent to
        it from the sign-in page; a first sign-in makes their account and membership.
      </p>
      <AlertMessage message={error} />
      {testResult ? <TestResultPanel result={testResult} connections={connections ?? []} onClose={() => setTestResult(null)} /> : null}
      {connections === null ? <LoadingScreen label="Loading the connections…" /> : null}
      {connections?.length === 0 ? <p className="muted">No connections yet.</p> : null}
      <ul className="admin-domains">
        {(connections ?? []).map((connection) => (
          <li key={connection.id} className="admin-domain">
            <h3>
              {connection.name} <span className="muted">({KIND_LABELS[connection.kind]})</span>
              <span className={connection.enabled ? 'admin-badge admin-badge-ok' : 'admin-badge'}>{connection.enabled ? (connection.enforced ? 'On, required' : 'On') : 'Off'}</span>
            </h3>
            <p className="admin-hint" role="status">
              {connection.testedAt ? (
                <>
                  Tested <time dateTime={connection.testedAt}>{formatTime(connection.testedAt)}</time>.
                </>
              ) : (
                'Not tested since its last change: run "Test sign-in" before turning it on.'
              )}
            </p>
            <dl className="admin-credentials">
              {connection.oidc ? <Copyable label="Redirect URI" value={connection.oidc.redirectUri} /> : null}
              {connection.saml ? (
                <>
                  <Copyable label="Service provider metadata" value={connection.saml.spMetadataUrl} />
                  <Copyable label="Assertion consumer service URL" value={connection.saml.acsUrl} />
                </>
              ) : null}
              <Copyable label="Sign-in link" value={connection.startUrl} />
            </dl>
            <div className="admin-row-actions">
              <Button className="button-compact" aria-label={`Test sign-in: ${connection.name}`} loading={busy === connection.id} disabled={busy !== null} onClick={() => void test(connection)}>
                Test sign-in
              </Button>
              <Button
                variant="secondary"
                className="button-compact"
                aria-label={`${connection.enabled ? 'Turn off' : 'Turn on'}: ${connection.name}`}
                disabled={busy !== null}
                onClick={() => void change(connection, { enabled: !connection.enabled }, `${connection.name} is ${connection.enabled ? 'off' : 'on'}.`)}
              >
                {connection.enabled ? 'Turn off' : 'Turn on'}
              </Button>
              {connection.enabled ? (
                <Button
                  variant="secondary"
                  className="button-compact"
                  aria-label={`${connection.enforced ? 'Stop requiring' : 'Require'}: ${connection.name}`}
                  disabled={busy !== null}
                  onClick={() =>
                    void change(
                      connection,
                      { enforced: !connection.enforced },
                      connection.enforced ? `${connection.name} is no longer required.` : `Members with a verified-domain address must now use ${connection.name}; admins keep their password.`,
                    )
                  }
                >
                  {connection.enforced ? 'Stop requiring' : 'Require for verified domains'}
                </Button>
              ) : null}
              <Button variant="secondary" className="button-compact button-danger" aria-label={`Remove ${connection.name}`} disabled={busy !== null} onClick={() => removing.show(connection)}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form className="form admin-connection-form" noValidate aria-label="Add a connection" onSubmit={(event) => void handleSubmit(add)(event)}>
        <h3>Add a connection</h3>
        <SelectField id="sso-kind" label="Protocol" options={[{ value: 'oidc', label: KIND_LABELS.oidc }, { value: 'saml', label: KIND_LABELS.saml }]} {...register('kind')} />
        <TextField id="sso-name" label="Name" placeholder="Okta" autoComplete="off" maxLength={80} error={errors.name?.message} {...register('name', { required: 'Give the connection a name.' })} />
        {kind === 'oidc' ? (
          <>
            <TextField id="sso-issuer" label="Issuer URL" placeholder="https://yourcompany.okta.com" autoComplete="off" spellCheck={false} error={errors.issuer?.message} {...register('issuer', { required: "Enter the provider's issuer URL." })} />
            <TextField id="sso-client-id" label="Client ID" autoComplete="off" spellCheck={false} error={errors.clientId?.message} {...register('clientId', { required: 'Enter the client ID the provider gave the portal.' })} />
            <TextField id="sso-client-secret" label="Client secret" type="password" autoComplete="new-password" error={errors.clientSecret?.message} {...register('clientSecret', { required: 'Enter the client secret the provider gave the portal.' })} />
          </>
        ) : (
          <>
            <TextField id="sso-metadata-url" label="Metadata URL" placeholder="https://idp.example.com/metadata" autoComplete="off" spellCheck={false} error={errors.metadataUrl?.message} {...register('metadataUrl')} />
            <div className="field">
              <label className="field-label" htmlFor="sso-metadata-xml">
                Or paste the metadata XML
              </label>
              <textarea id="sso-metadata-xml" className="field-input field-textarea admin-code" rows={4} spellCheck={false} aria-invalid={errors.metadataXml ? true : undefined} aria-describedby="sso-metadata-xml-message" {...register('metadataXml')} />
              <p id="sso-metadata-xml-message" className="field-message" aria-live="polite">
                {errors.metadataXml?.message}
              </p>
            </div>
            <div className="checkbox">
              <input id="sso-idp-initiated" type="checkbox" {...register('allowIdpInitiated')} />
              <label htmlFor="sso-idp-initiated">Allow sign-ins started at the provider (IdP-initiated)</label>
            </div>
          </>
        )}
        <SelectField id="sso-default-role" label="Role of people who join through it" options={ROLE_OPTIONS} {...register('defaultRole')} />
        <ProductAccessField role={role} plan={plan} value={products} onChange={setProducts} hint="The products a person who joins through this connection opens." />
        <Button type="submit" loading={isSubmitting}>
          Add connection
        </Button>
      </form>
      <ConfirmDialog
        key={`removing-${removing.key}`}
        open={removing.open}
        title={pending ? `Remove ${pending.name}?` : ''}
        message="Its people can no longer sign in with it. Their accounts and memberships stay, and they can sign in with a password they choose."
        confirmLabel="Remove"
        busy={busy !== null}
        onConfirm={() => pending && void remove(pending)}
        onCancel={removing.hide}
      />
    </section>
  );
}

/** What a test sign-in brought back: the claims as mapped, and whether such a person can sign in. */
function TestResultPanel({ result, connections, onClose }: { result: SsoTestResult; connections: SsoConnection[]; onClose: () => void }) {
  const name = connections.find((connection) => connection.id === result.connectionId)?.name ?? 'The connection';
  const text = (value: string | null) => value ?? 'not sent';
  return (
    <div className="admin-test-result" role="region" aria-labelledby="sso-test-heading">
      <h3 id="sso-test-heading" tabIndex={-1} ref={(element) => element?.focus()}>
        Test sign-in: {result.problem ? 'needs attention' : 'it works'}
      </h3>
      <p role="status">{result.problem ?? `${name} signed in ${text(result.email)}. You can turn it on now.`}</p>
      <dl className="admin-credentials">
        <div>
          <dt>Subject</dt>
          <dd>
            <code>{result.subject}</code>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{text(result.email)}</dd>
        </div>
        <div>
          <dt>First name</dt>
          <dd>{text(result.givenName)}</dd>
        </div>
        <div>
          <dt>Last name</dt>
          <dd>{text(result.familyName)}</dd>
        </div>
        <div>
          <dt>Groups</dt>
          <dd>{result.groups.length > 0 ? result.groups.join(', ') : 'none'}</dd>
        </div>
        <div>
          <dt>Second factor at the provider</dt>
          <dd>{result.multiFactor ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      <Button variant="secondary" className="button-compact" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
