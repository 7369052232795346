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
  /** The line above the code. */
  title?: string;
}

/** A recovery code in a panel, with Copy and Download (a text file), so it is easy to keep. */
export function RecoveryCodePanel({ code, testId, title = 'Recovery code' }: RecoveryCodePanelProps) {
  // A data: link: the download needs no object URL to create and revoke.
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodeFile(code))}`;
  return (
    <div className="secret-panel">
      <p className="secret-label">{title}</p>
      <div className="secret-row">
        <code className="secret-value" data-testid={testId}>
          {code}
        </code>
        <div className="secret-actions">
          <CopyButton value={code} label="Copy recovery code">
            Copy
          </CopyButton>
          <a className="button button-secondary" href={href} download="suite-portal-recovery-code.txt" aria-label="Download recovery code">
            Download
          </a>
        </div>
      </div>
      <p className="secret-hint">It signs you in once if you lose your device. Keep it somewhere safe.</p>
    </div>
  );
}
