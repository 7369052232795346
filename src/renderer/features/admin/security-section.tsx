import { useRef, useState } from 'react';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '../../../shared/protocol/admin-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ChoiceCard } from '../../ui/choice-card';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { SectionProps } from './admin-console';
import { count } from './admin-format';
import { useDialog } from './use-dialog';
import { addressAllowed, parseRangeLines } from './ip-ranges';

export const POLICY_CHOICES: Record<SecondFactorPolicy, { label: string; description: string }> = {
  none: { label: 'No second factor', description: 'Members sign in with their password alone.' },
  email: { label: 'Work email', description: 'A six-digit code mailed to the member’s work address at each sign-in.' },
  authenticator: { label: 'Authenticator app', description: 'A six-digit code from an authenticator app on the member’s phone.' },
  both: { label: 'Work email or authenticator app', description: 'Both are offered; each member chooses at sign-in.' },
};

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
        applyToCompany
          ? `Second-factor policy saved; ${count(reply.endedSessions, 'session')} signed out, so it applies now.`
          : 'Second-factor policy saved; it applies at each member’s next sign-in.',
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
      <h2 id="policy-title">Second factor</h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) confirming.show(policy);
        }}
      >
        <fieldset className="choice-group">
          <legend className="visually-hidden">Second factor the company requires</legend>
          <div className="admin-choices">
            {SECOND_FACTOR_POLICIES.map((choice) => (
              <ChoiceCard
                key={choice}
                type="radio"
                name="second-factor-policy"
                label={POLICY_CHOICES[choice].label}
                description={POLICY_CHOICES[choice].description}
                checked={policy === choice}
                onChange={(checked) => checked && setPolicy(choice)}
              />
            ))}
          </div>
        </fieldset>
        <p className="admin-hint">A policy that asks for a factor sends every member without one to set it up at their next sign-in.</p>
        <ChoiceCard
          type="checkbox"
          name="allow-trusted-devices"
          label="Allow 'Don't ask again on this device for 30 days'"
          description="After passing the second factor, a member may trust that browser or app: it skips the second factor for 30 days."
          checked={allowTrustedDevices}
          onChange={setAllowTrustedDevices}
        />
        <AlertMessage message={error} />
        <div className="actions actions-start">
          <Button type="submit" disabled={!changed}>
            Save second factor
          </Button>
        </div>
      </form>
      <ConfirmDialog
        key={`confirming-${confirming.key}`}
        open={confirming.open}
        title="Change the second-factor policy?"
        message={`From now on: ${POLICY_CHOICES[policy].label.toLowerCase()}${allowTrustedDevices ? '' : ', on every device'}. Without the box ticked, it applies to each member at their next sign-in. Ticked, every member but you is signed out now, so it applies at once.`}
        offerApplyToCompany
        confirmLabel="Save"
        busy={busy}
        onConfirm={({ applyToCompany }) => void save(applyToCompany)}
        onCancel={confirming.hide}
      />
    </section>
  );
}

/** The IP ranges, one CIDR per line; a warning and a confirmation when the admin's own address would be left outside. */
function IpRangesForm({ orgId, settings, onSettingsChange }: SectionProps) {
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
    ? `Your current address, ${address}, is outside these ranges: once they are saved, you cannot reach ${settings.company} from here, this console included.`
    : `The server cannot tell your current address, so it would be outside these ranges: once they are saved, you may not reach ${settings.company} from here, this console included.`;

  const send = async (ranges: string[], confirmOwnAddressOutside: boolean) => {
    setBusy(true);
    try {
      const reply = await call('updateIpRanges', { orgId, allowedIpRanges: ranges, confirmOwnAddressOutside });
      outside.hide();
      setText(reply.settings.allowedIpRanges.join('\n'));
      onSettingsChange(reply.settings);
      showToast(ranges.length ? `IP ranges saved: ${count(ranges.length, 'range')}.` : 'IP ranges removed: members may sign in from any address.');
    } catch (failure) {
      // The server sees the address differently (a proxy): its own warning, and the same confirmation.
      if (failure instanceof CallError && failure.code === ERROR_CODES.CONFLICT && !confirmOwnAddressOutside) outside.show({ ranges, message: failure.message });
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
      <h2 id="ranges-title">IP ranges</h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>Members may reach {settings.company} only from these addresses. With none, any address may.</p>
        <p data-testid="your-address">
          Your current address: <strong>{address ?? 'unknown'}</strong>
        </p>
        <div className="field">
          <label className="field-label" htmlFor="ip-ranges">
            Ranges, one per line
          </label>
          <textarea
            id="ip-ranges"
            className="field-input field-textarea admin-code"
            rows={6}
            spellCheck={false}
            placeholder={'203.0.113.0/24\n2001:db8::/32'}
            aria-describedby="ip-ranges-hint ip-ranges-warning"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblems([]);
            }}
          />
          <p id="ip-ranges-hint" className="admin-hint">
            CIDR notation: an address, a slash and the number of fixed bits (203.0.113.0/24 is 203.0.113.0 to 203.0.113.255).
          </p>
          <p id="ip-ranges-warning" className="admin-warning" aria-live="polite">
            {leavesYouOut ? outsideMessage : ''}
          </p>
        </div>
        {problems.length ? (
          <div ref={problemsRef} tabIndex={-1} className="admin-problems" role="alert">
            <p className="admin-problems-title">Nothing was saved. Fix {count(problems.length, 'line')}:</p>
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
            Save IP ranges
          </Button>
        </div>
      </form>
      <ConfirmDialog
        key={`outside-${outside.key}`}
        open={outside.open}
        title="Leave your own address outside?"
        message={outside.subject?.message}
        confirmLabel="Save anyway"
        busy={busy}
        onConfirm={() => outside.subject && void send(outside.subject.ranges, true)}
        onCancel={outside.hide}
      />
    </section>
  );
}
