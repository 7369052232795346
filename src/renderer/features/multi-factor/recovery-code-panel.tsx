import { useT } from '../../i18n/screens';
import { CopyButton } from '../../ui/copy';

/**
 * The text file a user downloads to keep the recovery code, in the language shown (`t`). The code is on a line of its
 * own, with nothing around it: it reads left to right in Urdu too (a line of Latin letters and digits only), and copying
 * the line copies the code and nothing else.
 */
export function recoveryCodeFile(code: string, t: (id: 'recoveryFile.title' | 'recoveryFile.use' | 'recoveryFile.keep') => string): string {
  return [t('recoveryFile.title'), '', code, '', t('recoveryFile.use'), t('recoveryFile.keep'), ''].join('\n');
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
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodeFile(code, t))}`;
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
