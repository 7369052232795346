import { useT } from '../../i18n/screens';
import { CopyButton } from '../../ui/copy';

/** The text file a user downloads to keep the recovery code. */
export function recoveryCodeFile(code: string): string {
  return [
    'Suite Portal recovery code',
    '',
    code,
    '',
    'It signs you in once if you lose your authenticator device, and is then replaced by a new one.',
    'Keep it somewhere safe and private.',
    '',
  ].join('\n');
}

interface RecoveryCodePanelProps {
  code: string;
  testId: string;
  /** The line above the code ('Recovery code' when absent). */
  title?: string;
}

/** A recovery code in a panel, with Copy and Download (a text file), so it is easy to keep. */
export function RecoveryCodePanel({ code, testId, title }: RecoveryCodePanelProps) {
  const t = useT();
  // A data: link: the download needs no object URL to create and revoke.
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodeFile(code))}`;
  return (
    <div className="secret-panel">
      <p className="secret-label">{title ?? t('mfaSetup.recoveryCode')}</p>
      <div className="secret-row">
        <code className="secret-value" data-testid={testId} dir="ltr">
          {code}
        </code>
        <div className="secret-actions">
          <CopyButton value={code} label={t('mfaSetup.copyRecovery')}>
            {t('mfaSetup.copy')}
          </CopyButton>
          <a className="button button-secondary" href={href} download="suite-portal-recovery-code.txt" aria-label={t('mfaSetup.downloadRecovery')}>
            {t('mfaSetup.download')}
          </a>
        </div>
      </div>
      <p className="secret-hint">{t('mfaSetup.recoveryHint')}</p>
    </div>
  );
}
