import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { ClaimDomainSchema, type DomainFailure, type DomainSummary } from '../../../shared/protocol/domain-schemas';
import { call, errorMessage } from '../../api';
import { ltr, useT, type MessageId } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { LoadingScreen } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { adminIssueMessages } from './admin-format';
import { Slotted, SLOT, When } from './admin-text';
import { useDialog } from './use-dialog';

const ClaimFormSchema = ClaimDomainSchema.pick({ domain: true });
type ClaimValues = z.input<typeof ClaimFormSchema>;
type ClaimOutput = z.output<typeof ClaimFormSchema>;

/** The domain as people read it, with its punycode form when that differs. */
const nameOf = (domain: DomainSummary) => domain.displayName;

/** Why a check failed, in the language shown (the words of DOMAIN_FAILURE_MESSAGES, which the server sends in English). */
const FAILURES: Record<DomainFailure, MessageId> = {
  'record-not-found': 'adminDomains.failureRecordNotFound',
  'wrong-value': 'adminDomains.failureWrongValue',
  'dns-unreachable': 'adminDomains.failureDnsUnreachable',
  'verified-elsewhere': 'adminDomains.failureVerifiedElsewhere',
};

/**
 * The "Verified domains" part of /admin/{orgId}/sign-in: add a domain, publish the TXT record it shows (copy buttons
 * for its name and value), "Check now", and remove one behind a confirmation. A failed check stays on the domain in
 * plain words (the server keeps it), so the admin sees why after a reload too.
 */
export function DomainsSection({ orgId, company }: { orgId: string; company: string }) {
  const t = useT();
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
      showToast(t('adminDomains.toastAdded', { domain: ltr(nameOf(reply.domain)) }));
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
      showToast(t('adminDomains.toastVerified', { domain: ltr(nameOf(reply.domain)) }));
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
      showToast(t('adminDomains.toastRemoved', { domain: ltr(nameOf(domain)) }));
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
      <h2 id="verified-domains-heading">{t('adminDomains.heading')}</h2>
      <p className="admin-note">{t('adminDomains.note', { company })}</p>
      <form className="admin-toolbar" noValidate aria-label={t('adminDomains.addForm')} onSubmit={(event) => void handleSubmit(claim)(event)}>
        <TextField id="domain-claim" label={t('adminDomains.domain')} placeholder="example.com" dir="ltr" autoComplete="off" spellCheck={false} maxLength={300} error={errors.domain?.message} {...register('domain')} />
        <Button type="submit" loading={isSubmitting}>
          {t('adminDomains.add')}
        </Button>
      </form>
      <AlertMessage message={error} />
      {domains === null ? <LoadingScreen label={t('adminDomains.loading')} /> : null}
      {domains?.length === 0 ? <p className="muted">{t('adminDomains.empty')}</p> : null}
      <ul className="admin-domains">
        {(domains ?? []).map((domain) => (
          <li key={domain.domain} className="admin-domain">
            <h3>
              <bdi>{nameOf(domain)}</bdi>
              {domain.displayName !== domain.domain ? (
                <span className="muted">
                  {' '}
                  (<bdi>{domain.domain}</bdi>)
                </span>
              ) : null}
              <DomainBadge domain={domain} />
            </h3>
            <DomainStatus domain={domain} />
            {domain.status === 'pending' ? (
              <>
                <p>
                  <Slotted text={t('adminDomains.publish', { type: SLOT })}>
                    <code>TXT</code>
                  </Slotted>
                </p>
                <dl className="admin-credentials">
                  <div>
                    <dt>{t('adminDomains.recordName')}</dt>
                    <dd>
                      <code dir="ltr">{domain.record.name}</code>
                      <CopyButton value={domain.record.name} label={t('adminDomains.copyNameLabel', { domain: ltr(nameOf(domain)) })}>
                        {t('adminDomains.copyName')}
                      </CopyButton>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('adminDomains.recordValue')}</dt>
                    <dd>
                      <code dir="ltr">{domain.record.value}</code>
                      <CopyButton value={domain.record.value} label={t('adminDomains.copyValueLabel', { domain: ltr(nameOf(domain)) })}>
                        {t('adminDomains.copyValue')}
                      </CopyButton>
                    </dd>
                  </div>
                </dl>
              </>
            ) : null}
            <div className="admin-row-actions">
              {domain.status === 'pending' ? (
                <Button className="button-compact" aria-label={t('adminDomains.checkLabel', { domain: ltr(nameOf(domain)) })} loading={busy === domain.domain} disabled={busy !== null} onClick={() => void check(domain)}>
                  {t('adminDomains.check')}
                </Button>
              ) : null}
              <Button variant="secondary" className="button-compact button-danger" aria-label={t('adminDomains.removeLabel', { domain: ltr(nameOf(domain)) })} disabled={busy !== null} onClick={() => removing.show(domain)}>
                {t('adminDomains.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        key={`removing-${removing.key}`}
        open={removing.open}
        title={pending ? t('adminDomains.confirmRemoveTitle', { domain: ltr(nameOf(pending)) }) : ''}
        message={
          pending?.status === 'verified'
            ? t('adminDomains.confirmRemoveVerified', { company, domain: ltr(nameOf(pending)) })
            : t('adminDomains.confirmRemovePending')
        }
        confirmLabel={t('adminDomains.remove')}
        busy={busy !== null}
        onConfirm={() => pending && void remove(pending)}
        onCancel={removing.hide}
      />
    </section>
  );
}

function DomainBadge({ domain }: { domain: DomainSummary }) {
  const t = useT();
  if (domain.status === 'verified') return <span className="admin-badge admin-badge-ok">{t('adminDomains.badgeVerified')}</span>;
  if (domain.lastFailure) return <span className="admin-badge admin-badge-warning">{t('adminDomains.badgeFailed')}</span>;
  return <span className="admin-badge">{t('adminDomains.badgePending')}</span>;
}

/** When it was verified, or why the last check failed, in plain words (announced when a check changes it). */
function DomainStatus({ domain }: { domain: DomainSummary }) {
  const t = useT();
  return (
    <p role="status" className="admin-hint">
      {domain.verifiedAt ? (
        <Slotted text={t('adminDomains.verifiedAt', { time: SLOT })}>
          <When at={domain.verifiedAt} />
        </Slotted>
      ) : domain.lastFailure && domain.lastCheckedAt ? (
        <Slotted text={t('adminDomains.checkedAt', { time: SLOT, reason: t(FAILURES[domain.lastFailure], { record: ltr(domain.record.name), domain: ltr(domain.displayName) }) })}>
          <When at={domain.lastCheckedAt} />
        </Slotted>
      ) : (
        t('adminDomains.notChecked')
      )}
    </p>
  );
}
