import { afterEach, describe, expect, it } from 'vitest';
import { showLanguage } from '../../i18n';
import { t } from '../../i18n/screens';
import { recoveryCodeFile } from './recovery-code-panel';

afterEach(() => showLanguage('en'));

describe('the recovery code file', () => {
  it('is the English of the spec in English', () => {
    expect(recoveryCodeFile('ABCD-EFGH-JKLM', t)).toBe(
      'Suite Portal recovery code\n\nABCD-EFGH-JKLM\n\nIt signs you in once if you lose your authenticator device, and is then replaced by a new one.\nKeep it somewhere safe and private.\n',
    );
  });

  it('is in the language shown, the brand kept and the code on a line of its own with nothing around it (left to right in Urdu)', async () => {
    await showLanguage('hi');
    const hindi = recoveryCodeFile('ABCD-EFGH-JKLM', t).split('\n');
    expect(hindi[0]).toBe('Suite Portal रिकवरी कोड');
    expect(hindi[2]).toBe('ABCD-EFGH-JKLM');
    expect(hindi[5]).toBe('इसे किसी सुरक्षित और निजी जगह पर रखें।');
    await showLanguage('ur');
    const urdu = recoveryCodeFile('ABCD-EFGH-JKLM', t).split('\n');
    expect(urdu[0]).toBe('Suite Portal ریکوری کوڈ');
    expect(urdu[2]).toBe('ABCD-EFGH-JKLM');
    expect(urdu.slice(4, 6).join(' ')).not.toMatch(/[A-Za-z]/);
  });
});
