import { useRef, useState } from 'react';
import type { ProductKey, Role } from '../../../shared/products';
import type { InvitationInput } from '../../../shared/protocol/admin-schemas';
import { CallError } from '../../../shared/protocol/errors';
import { withoutLeadingSpaces } from '../../../shared/validation/patterns';
import { call, errorMessage } from '../../api';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { FileUpload, type UploadValue } from '../../ui/file-upload/file-upload';
import { SelectField } from '../../ui/select-field';
import { showToast } from '../../ui/toast';
import { count, ROLE_OPTIONS } from './admin-format';
import { describeProblem, INVITE_CSV_SAMPLE, parseInviteList, serverRowProblems, type RowProblem } from './invite-list';
import { CLIENT_DEFAULT_HINT } from './invite-one-form';
import { ProductAccessField } from './product-access-field';

const EMPTY_UPLOAD: UploadValue = { files: [], removedIds: [] };

interface InviteManyFormProps {
  orgId: string;
  plan: readonly ProductKey[];
  onInvited: () => void;
}

type Outcome = { kind: 'problems'; title: string; problems: RowProblem[] } | { kind: 'ready'; count: number } | null;

/**
 * Invite many at once: a pasted list (one address per line, or CSV text) or a CSV file, whose text lands in the
 * same box to be fixed in place. Every row is checked with the contract's rules before anything is sent; a bad row
 * is listed with its number and nothing is sent until the list is right. The server's refusals come back by row too.
 */
export function InviteManyForm({ orgId, plan, onInvited }: InviteManyFormProps) {
  const [text, setText] = useState('');
  const [upload, setUpload] = useState<UploadValue>(EMPTY_UPLOAD);
  const [role, setRole] = useState<Role>('member');
  const [productAccess, setProductAccess] = useState<ProductKey[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const show = (next: Outcome) => {
    setOutcome(next);
    // The list of faults takes the focus, so it is read out and the keyboard starts there.
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  const check = (): InvitationInput[] | null => {
    const list = parseInviteList(text, { role, productAccess }, plan);
    if (list.problems.length > 0) {
      show({ kind: 'problems', title: `Nothing was sent. Fix ${count(list.problems.length, 'problem')} in the list:`, problems: list.problems });
      return null;
    }
    return list.invitations;
  };

  const chooseFile = async (value: UploadValue) => {
    setUpload(value);
    const added = value.files.find((file) => 'obj' in file && !upload.files.includes(file));
    if (!added || !('obj' in added)) return;
    try {
      setText(await added.obj.text());
      setOutcome(null);
    } catch {
      show({ kind: 'problems', title: 'The file could not be read.', problems: [{ row: null, message: `“${added.obj.name}” was moved or deleted after you chose it. Choose it again.` }] });
    }
  };

  const send = async () => {
    const invitations = check();
    if (!invitations) return;
    setBusy(true);
    try {
      const { invited } = await call('inviteToOrganization', { orgId, invitations });
      showToast(`Invited ${count(invited.length, 'person', 'people')}.`);
      setText('');
      setUpload(EMPTY_UPLOAD);
      setOutcome(null);
      onInvited();
    } catch (failure) {
      const issues = failure instanceof CallError ? (failure.data?.issues ?? []) : [];
      show({
        kind: 'problems',
        title: `Nothing was sent. ${errorMessage(failure)}`,
        problems: serverRowProblems(issues, invitations),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-form" aria-labelledby="invite-many-title">
      <h2 id="invite-many-title">Invite many</h2>
      <div className="admin-form-row">
        <SelectField
          id="invite-many-role"
          label="Role (rows without one)"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        />
      </div>
      <ProductAccessField role={role} plan={plan} value={productAccess} onChange={setProductAccess} hint={role === 'client' ? CLIENT_DEFAULT_HINT : 'For rows that name no products.'} />
      <div className="field">
        <label className="field-label" htmlFor="invite-list">
          Addresses or CSV
        </label>
        <textarea
          id="invite-list"
          className="field-input field-textarea admin-code"
          rows={8}
          spellCheck={false}
          aria-describedby="invite-list-hint"
          value={text}
          onChange={(event) => {
            setText(withoutLeadingSpaces(event.target.value));
            setOutcome(null);
          }}
        />
        <p id="invite-list-hint" className="admin-hint">
          One email address per line, or CSV with a header row. Rows are counted from the first person (the header row is not counted).
        </p>
      </div>
      <FileUpload label="Or upload a CSV file" value={upload} onChange={(value) => void chooseFile(value)} kinds={['csv']} />
      <details className="admin-details">
        <summary>CSV format</summary>
        <p>
          A header row names the columns <code>email</code> (required), <code>role</code> (admin, member or client) and <code>products</code> (names or keys separated by
          semicolons: HR;Chat;Project). A row without a role or products takes the choices above; an admin opens every product, so an admin’s products are left out.
          At most 100 rows at a time.
        </p>
        <pre className="admin-sample" aria-label="Sample CSV">
          {INVITE_CSV_SAMPLE}
        </pre>
        <CopyButton value={INVITE_CSV_SAMPLE} label="Copy the sample" />
      </details>
      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1} className={outcome.kind === 'problems' ? 'admin-problems' : 'notice'} role={outcome.kind === 'problems' ? 'alert' : 'status'}>
          {outcome.kind === 'problems' ? (
            <>
              <p className="admin-problems-title">{outcome.title}</p>
              {outcome.problems.length ? (
                <ul>
                  {outcome.problems.map((problem, index) => (
                    <li key={index}>{describeProblem(problem)}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p>The list is ready: {count(outcome.count, 'invitation')} to send.</p>
          )}
        </div>
      ) : null}
      <div className="actions actions-start">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            const invitations = check();
            if (invitations) show({ kind: 'ready', count: invitations.length });
          }}
        >
          Check the list
        </Button>
        <Button loading={busy} onClick={() => void send()}>
          Send invitations
        </Button>
      </div>
    </section>
  );
}
