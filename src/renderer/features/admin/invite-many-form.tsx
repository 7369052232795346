import { useRef, useState } from 'react';
import type { ProductKey, Role } from '../../../shared/products';
import type { InvitationInput } from '../../../shared/protocol/admin-schemas';
import { CallError } from '../../../shared/protocol/errors';
import { withoutLeadingSpaces } from '../../../shared/validation/patterns';
import { call, errorMessage } from '../../api';
import { tEnglish, useT } from '../../i18n/screens';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { FileUpload, type UploadValue } from '../../ui/file-upload/file-upload';
import { SelectField } from '../../ui/select-field';
import { showToast } from '../../ui/toast';
import { ROLE_OPTIONS } from './admin-format';
import { describeProblem, INVITE_CSV_SAMPLE, parseInviteList, serverRowProblems, type RowProblem } from './invite-list';
import { clientDefaultHint } from './invite-one-form';
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
  const t = useT();
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
      show({ kind: 'problems', title: t('admin.invite.fixProblems', { count: list.problems.length }), problems: list.problems });
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
      show({ kind: 'problems', title: t('admin.invite.fileUnreadable'), problems: [{ row: null, message: t('admin.invite.fileMoved', { name: added.obj.name }) }] });
    }
  };

  const send = async () => {
    const invitations = check();
    if (!invitations) return;
    setBusy(true);
    try {
      const { invited } = await call('inviteToOrganization', { orgId, invitations });
      showToast(t('admin.invite.invitedMany', { count: invited.length }));
      setText('');
      setUpload(EMPTY_UPLOAD);
      setOutcome(null);
      onInvited();
    } catch (failure) {
      const issues = failure instanceof CallError ? (failure.data?.issues ?? []) : [];
      show({
        kind: 'problems',
        title: t('admin.invite.nothingSent', { reason: tEnglish(errorMessage(failure)) }),
        problems: serverRowProblems(issues, invitations),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-form" aria-labelledby="invite-many-title">
      <h2 id="invite-many-title">{t('admin.invite.manyTitle')}</h2>
      <div className="admin-form-row">
        <SelectField
          id="invite-many-role"
          label={t('admin.invite.manyRole')}
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        />
      </div>
      <ProductAccessField role={role} plan={plan} value={productAccess} onChange={setProductAccess} hint={role === 'client' ? clientDefaultHint() : t('admin.invite.manyProductsHint')} />
      <div className="field">
        <label className="field-label" htmlFor="invite-list">
          {t('admin.invite.listLabel')}
        </label>
        <textarea
          id="invite-list"
          className="field-input field-textarea admin-code"
          rows={8}
          spellCheck={false}
          dir="ltr"
          aria-describedby="invite-list-hint"
          value={text}
          onChange={(event) => {
            setText(withoutLeadingSpaces(event.target.value));
            setOutcome(null);
          }}
        />
        <p id="invite-list-hint" className="admin-hint">
          {t('admin.invite.listHint')}
        </p>
      </div>
      <FileUpload label={t('admin.invite.upload')} value={upload} onChange={(value) => void chooseFile(value)} kinds={['csv']} />
      <details className="admin-details">
        <summary>{t('admin.invite.csvFormat')}</summary>
        <p>
          {t('admin.invite.csvColumnsStart')} <code>email</code> {t('admin.invite.csvEmail')} <code>role</code> {t('admin.invite.csvRole')} <code>products</code>{' '}
          {t('admin.invite.csvProducts')}
        </p>
        <pre className="admin-sample" dir="ltr" aria-label={t('admin.invite.sample')}>
          {INVITE_CSV_SAMPLE}
        </pre>
        <CopyButton value={INVITE_CSV_SAMPLE} label={t('admin.invite.copySample')} />
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
            <p>{t('admin.invite.ready', { count: outcome.count })}</p>
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
          {t('admin.invite.check')}
        </Button>
        <Button loading={busy} onClick={() => void send()}>
          {t('admin.invite.sendMany')}
        </Button>
      </div>
    </section>
  );
}
