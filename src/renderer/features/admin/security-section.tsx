import { useRef, useState } from 'react';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '../../../shared/protocol/admin-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { call, errorMessage } from '../../api';
import { ltr, t, tEnglish, useT, type MessageId } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ChoiceCard } from '../../ui/choice-card';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { SectionProps } from './admin-console';
import { useDialog } from './use-dialog';
import { addressAllowed, parseRangeLines } from './ip-ranges';

const POLICY_IDS: Record<SecondFactorPolicy, { label: MessageId; description: MessageId }> = {
  none: { label: 'admin.security.policyNone', description: 'admin.security.policyNoneHint' },
  email: { label: 'admin.security.policyEmail', description: 'admin.security.policyEmailHint' },
  authenticator: { label: 'admin.security.policyApp', description: 'admin.security.policyAppHint' },
  both: { label: 'admin.security.policyBoth', description: 'admin.security.policyBothHint' },
};

/** A policy's name and description in the language shown. */
export const policyChoice = (policy: SecondFactorPolicy): { label: string; description: string } => ({
  label: t(POLICY_IDS[policy].label),
  description: t(POLICY_IDS[policy].description),
});

/** /admin/{orgId}/security: the company's second factor, and the IP ranges members may reach it from. */
export function SecuritySection(props: SectionProps) {
  return (
    <>
      <SecondFactorPolicyForm {...props} />
      <IpRangesForm {...props} />
    </>
  );
}

/** The second-factor policy as choice cards, saved through the confirm dialog that offers to apply it to everyone now. */
function SecondFactorPolicyForm({ orgId, settings, onSettingsChange }: SectionProps) {
  const t = useT();
  const [policy, setPolicy] = useState<SecondFactorPolicy>(settings.secondFactor);
  const [allowTrustedDevices, setAllowTrustedDevices] = useState(settings.allowTrustedDevices);
  const changed = policy !== settings.secondFactor || allowTrustedDevices !== settings.allowTrustedDevices;
  const confirming = useDialog<SecondFactorPolicy>();
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();

  const save = async (applyToCompany: boolean) => {
    setBusy(true);
    try {
      const reply = await call('updateSecondFactorPolicy', { orgId, secondFactor: policy, allowTrustedDevices, applyToCompany });
      onSettingsChange(reply.settings);
      showToast(
        applyToCompany ? t('admin.security.policySavedNow', { count: reply.endedSessions }) : t('admin.security.policySavedLater'),
      );
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      confirming.hide();
    }
  };

  // The confirm dialog stays outside the form: its own form's submit would bubble through React to this one.
  return (
    <section className="admin-form" aria-labelledby="policy-title">
      <h2 id="policy-title">{t('admin.security.secondFactor')}</h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) confirming.show(policy);
        }}
      >
        <fieldset className="choice-group">
          <legend className="visually-hidden">{t('admin.security.policyLegend')}</legend>
          <div className="admin-choices">
            {SECOND_FACTOR_POLICIES.map((choice) => (
              <ChoiceCard
                key={choice}
                type="radio"
                name="second-factor-policy"
                label={policyChoice(choice).label}
                description={policyChoice(choice).description}
                checked={policy === choice}
                onChange={(checked) => checked && setPolicy(choice)}
              />
            ))}
          </div>
        </fieldset>
        <p className="admin-hint">{t('admin.security.policyHint')}</p>
        <ChoiceCard
          type="checkbox"
          name="allow-trusted-devices"
          label={t('admin.security.trustedDevices')}
          description={t('admin.security.trustedDevicesHint')}
          checked={allowTrustedDevices}
          onChange={setAllowTrustedDevices}
        />
        <AlertMessage message={error} />
        <div className="actions actions-start">
          <Button type="submit" disabled={!changed}>
            {t('admin.security.savePolicy')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        key={`confirming-${confirming.key}`}
        open={confirming.open}
        title={t('admin.security.confirmTitle')}
        message={t('admin.security.confirmMessage', { policy, everyDevice: allowTrustedDevices ? 'no' : 'yes' })}
        offerApplyToCompany
        confirmLabel={t('admin.security.save')}
        busy={busy}
        onConfirm={({ applyToCompany }) => void save(applyToCompany)}
        onCancel={confirming.hide}
      />
    </section>
  );
}

/** The IP ranges, one CIDR per line; a warning and a confirmation when the admin's own address would be left outside. */
function IpRangesForm({ orgId, settings, onSettingsChange }: SectionProps) {
  const t = useT();
  const [text, setText] = useState(settings.allowedIpRanges.join('\n'));
  const [problems, setProblems] = useState<string[]>([]);
  const outside = useDialog<{ ranges: string[]; message: string }>();
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();
  const problemsRef = useRef<HTMLDivElement>(null);
  const address = settings.yourAddress;

  const checked = parseRangeLines(text);
  const leavesYouOut = checked.ok && !addressAllowed(address, checked.ranges);
  const outsideMessage = address
    ? t('admin.security.outside', { address: ltr(address), company: settings.company })
    : t('admin.security.outsideUnknown', { company: settings.company });

  const send = async (ranges: string[], confirmOwnAddressOutside: boolean) => {
    setBusy(true);
    try {
      const reply = await call('updateIpRanges', { orgId, allowedIpRanges: ranges, confirmOwnAddressOutside });
      outside.hide();
      setText(reply.settings.allowedIpRanges.join('\n'));
      onSettingsChange(reply.settings);
      showToast(ranges.length ? t('admin.security.rangesSaved', { count: ranges.length }) : t('admin.security.rangesRemoved'));
    } catch (failure) {
      // The server sees the address differently (a proxy): its own warning, and the same confirmation.
      if (failure instanceof CallError && failure.code === ERROR_CODES.CONFLICT && !confirmOwnAddressOutside) outside.show({ ranges, message: tEnglish(failure.message) });
      else {
        outside.hide();
        showError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (!checked.ok) {
      setProblems(checked.problems);
      requestAnimationFrame(() => problemsRef.current?.focus());
      return;
    }
    setProblems([]);
    if (leavesYouOut) outside.show({ ranges: checked.ranges, message: outsideMessage });
    else void send(checked.ranges, false);
  };

  return (
    <section className="admin-form" aria-labelledby="ranges-title">
      <h2 id="ranges-title">{t('admin.security.ipRanges')}</h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t('admin.security.rangesLead', { company: settings.company })}</p>
        <p data-testid="your-address">
          {t('admin.security.yourAddress')} <strong dir={address ? 'ltr' : undefined}>{address ?? t('admin.security.addressUnknown')}</strong>
        </p>
        <div className="field">
          <label className="field-label" htmlFor="ip-ranges">
            {t('admin.security.rangesLabel')}
          </label>
          <textarea
            id="ip-ranges"
            className="field-input field-textarea admin-code"
            rows={6}
            spellCheck={false}
            dir="ltr"
            placeholder={'203.0.113.0/24\n2001:db8::/32'}
            aria-describedby="ip-ranges-hint ip-ranges-warning"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblems([]);
            }}
          />
          <p id="ip-ranges-hint" className="admin-hint">
            {t('admin.security.rangesHint', { example: ltr('203.0.113.0/24'), first: ltr('203.0.113.0'), last: ltr('203.0.113.255') })}
          </p>
          <p id="ip-ranges-warning" className="admin-warning" aria-live="polite">
            {leavesYouOut ? outsideMessage : ''}
          </p>
        </div>
        {problems.length ? (
          <div ref={problemsRef} tabIndex={-1} className="admin-problems" role="alert">
            <p className="admin-problems-title">{t('admin.security.fixLines', { count: problems.length })}</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <AlertMessage message={error} />
        <div className="actions actions-start">
          <Button type="submit" loading={busy && !outside.open}>
            {t('admin.security.saveRanges')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        key={`outside-${outside.key}`}
        open={outside.open}
        title={t('admin.security.outsideTitle')}
        message={outside.subject?.message}
        confirmLabel={t('admin.security.saveAnyway')}
        busy={busy}
        onConfirm={() => outside.subject && void send(outside.subject.ranges, true)}
        onCancel={outside.hide}
      />
    </section>
  );
}
