import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { ClaimDomainSchema, DOMAIN_FAILURE_MESSAGES, type DomainSummary } from '../../../shared/protocol/domain-schemas';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { LoadingScreen } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatTime } from '../account/account-format';
import { adminIssueMessages } from './admin-format';
import { useDialog } from './use-dialog';

const ClaimFormSchema = ClaimDomainSchema.pick({ domain: true });
type ClaimValues = z.input<typeof ClaimFormSchema>;
type ClaimOutput = z.output<typeof ClaimFormSchema>;

/** The domain as people read it, with its punycode form when that differs. */
const nameOf = (domain: DomainSummary) => domain.displayName;

/**
 * The "Verified domains" part of /admin/{orgId}/sign-in: add a domain, publish the TXT record it shows (copy buttons
 * for its name and value), "Check now", and remove one behind a confirmation. A failed check stays on the domain in
 * plain words (the server keeps it), so the admin sees why after a reload too.
 */
export function DomainsSection({ orgId, company }: { orgId: string; company: string }) {
  const [domains, setDomains] = useState<DomainSummary[] | null>(null);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, showError] = useTimedMessage();
  const removing = useDialog<DomainSummary>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClaimValues, unknown, ClaimOutput>({
    resolver: zodResolver(ClaimFormSchema, { error: adminIssueMessages({ domain: 'Domain' }) }),
    defaultValues: { domain: '' },
  });

  useEffect(() => {
    let current = true;
    call('getOrganizationDomains', { orgId }).then(
      ({ list }) => current && setDomains(list),
      (failure: unknown) => {
        if (!current) return;
        showError(errorMessage(failure));
        setDomains([]);
      },
    );
    return () => {
      current = false;
    };
  }, [orgId, generation, showError]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  const claim = async ({ domain }: ClaimOutput) => {
    try {
      const reply = await call('claimDomain', { orgId, domain });
      reset();
      showToast(`${nameOf(reply.domain)} added: publish its TXT record, then check it.`);
      reload();
    } catch (failure) {
      // A refusal about the name (a public suffix, claimed already, verified by another organization) goes under the field.
      if (failure instanceof CallError && failure.data?.fields?.includes('domain')) setError('domain', { message: failure.message }, { shouldFocus: true });
      else showError(errorMessage(failure));
    }
  };

  const check = async (domain: DomainSummary) => {
    setBusy(domain.domain);
    try {
      const reply = await call('verifyDomain', { orgId, domain: domain.domain });
      showToast(`${nameOf(reply.domain)} is verified.`);
    } catch (failure) {
      // A failed check (409) is kept on the domain, which shows why once reloaded; anything else is said here.
      if (!(failure instanceof CallError && failure.code === ERROR_CODES.CONFLICT)) showError(errorMessage(failure));
    } finally {
      setBusy(null);
      reload();
    }
  };

  const remove = async (domain: DomainSummary) => {
    setBusy(domain.domain);
    try {
      await call('removeDomain', { orgId, domain: domain.domain });
      showToast(`${nameOf(domain)} was removed.`);
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
    <section className="admin-part" aria-labelledby="verified-domains-heading">
      <h2 id="verified-domains-heading">Verified domains</h2>
      <p className="admin-note">
        Prove that {company} owns an email domain by publishing a DNS TXT record. A domain is verified by one organization only.
      </p>
      <form className="admin-toolbar" noValidate aria-label="Add a domain" onSubmit={(event) => void handleSubmit(claim)(event)}>
        <TextField id="domain-claim" label="Domain" placeholder="example.com" autoComplete="off" spellCheck={false} maxLength={300} error={errors.domain?.message} {...register('domain')} />
        <Button type="submit" loading={isSubmitting}>
          Add domain
        </Button>
      </form>
      <AlertMessage message={error} />
      {domains === null ? <LoadingScreen label="Loading the domains…" /> : null}
      {domains?.length === 0 ? <p className="muted">No domains yet.</p> : null}
      <ul className="admin-domains">
        {(domains ?? []).map((domain) => (
          <li key={domain.domain} className="admin-domain">
            <h3>
              {nameOf(domain)}
              {domain.displayName !== domain.domain ? <span className="muted"> ({domain.domain})</span> : null}
              <DomainBadge domain={domain} />
            </h3>
            <DomainStatus domain={domain} />
            {domain.status === 'pending' ? (
              <>
                <p>Publish this TXT record at your DNS provider, then check it:</p>
                <dl className="admin-credentials">
                  <div>
                    <dt>Name</dt>
                    <dd>
                      <code>{domain.record.name}</code>
                      <CopyButton value={domain.record.name} label={`Copy name of the record for ${nameOf(domain)}`}>
                        Copy name
                      </CopyButton>
                    </dd>
                  </div>
                  <div>
                    <dt>Value</dt>
                    <dd>
                      <code>{domain.record.value}</code>
                      <CopyButton value={domain.record.value} label={`Copy value of the record for ${nameOf(domain)}`}>
                        Copy value
                      </CopyButton>
                    </dd>
                  </div>
                </dl>
              </>
            ) : null}
            <div className="admin-row-actions">
              {domain.status === 'pending' ? (
                <Button className="button-compact" aria-label={`Check now: ${nameOf(domain)}`} loading={busy === domain.domain} disabled={busy !== null} onClick={() => void check(domain)}>
                  Check now
                </Button>
              ) : null}
              <Button variant="secondary" className="button-compact button-danger" aria-label={`Remove ${nameOf(domain)}`} disabled={busy !== null} onClick={() => removing.show(domain)}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        key={`removing-${removing.key}`}
        open={removing.open}
        title={pending ? `Remove ${nameOf(pending)}?` : ''}
        message={
          pending?.status === 'verified'
            ? `${company} no longer holds ${nameOf(pending)}: another organization could verify it. Adding it again gives it a new TXT record.`
            : 'Its TXT record stops counting: adding the domain again gives it a new one.'
        }
        confirmLabel="Remove"
        busy={busy !== null}
        onConfirm={() => pending && void remove(pending)}
        onCancel={removing.hide}
      />
    </section>
  );
}

function DomainBadge({ domain }: { domain: DomainSummary }) {
  if (domain.status === 'verified') return <span className="admin-badge admin-badge-ok">Verified</span>;
  if (domain.lastFailure) return <span className="admin-badge admin-badge-warning">Last check failed</span>;
  return <span className="admin-badge">Pending</span>;
}

/** When it was verified, or why the last check failed, in plain words (announced when a check changes it). */
function DomainStatus({ domain }: { domain: DomainSummary }) {
  return (
    <p role="status" className="admin-hint">
      {domain.verifiedAt ? (
        <>
          Verified <time dateTime={domain.verifiedAt}>{formatTime(domain.verifiedAt)}</time>.
        </>
      ) : domain.lastFailure && domain.lastCheckedAt ? (
        <>
          Checked <time dateTime={domain.lastCheckedAt}>{formatTime(domain.lastCheckedAt)}</time>: {DOMAIN_FAILURE_MESSAGES[domain.lastFailure](domain.record.name, domain.displayName)}
        </>
      ) : (
        'Not checked yet.'
      )}
    </p>
  );
}
