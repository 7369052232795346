import { useState } from 'react';
import { isLanguage, LANGUAGES } from '../../../shared/i18n/languages';
import { call, errorMessage } from '../../api';
import { tEnglish, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { SectionProps } from './admin-console';

/** The select's value for "no language of the organization's own": the visitor's browser decides. */
const BROWSER = '';

/**
 * The "Sign-in language" part of /admin/{orgId}/sign-in (issue 26): the language the organization's signed-out pages
 * (/{orgId}/login, /register, /forgot-password…) open in for a visitor who has not chosen one, or the visitor's
 * browser's. Each language by its own name (and its own `lang`, as the picker shows them); saved with
 * `updateOrganizationLanguage`, which the server audits. A visitor's own choice (the picker) still wins.
 */
export function OrganizationLanguageField({ orgId, settings, onSettingsChange }: SectionProps) {
  const t = useT();
  const saved = settings.language ?? BROWSER;
  const [value, setValue] = useState<string>(saved);
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();

  const save = async () => {
    const language = isLanguage(value) ? value : null;
    setBusy(true);
    try {
      const reply = await call('updateOrganizationLanguage', { orgId, language });
      onSettingsChange(reply.settings);
      showToast(language ? t('admin.languageSaved', { language: LANGUAGES[language] }) : t('admin.languageSavedBrowser'));
    } catch (failure) {
      showError(tEnglish(errorMessage(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-part" aria-labelledby="organization-language-heading">
      <h2 id="organization-language-heading">{t('admin.languageTitle')}</h2>
      <p className="admin-note">{t('admin.languageIntro', { company: settings.company })}</p>
      <form
        className="admin-toolbar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="organization-language">
            {t('admin.languageLabel')}
          </label>
          <div className="field-box">
            <select id="organization-language" className="field-input field-select" value={value} onChange={(event) => setValue(event.target.value)}>
              <option value={BROWSER}>{t('admin.languageBrowser')}</option>
              {Object.entries(LANGUAGES).map(([code, name]) => (
                <option key={code} value={code} lang={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button type="submit" loading={busy} disabled={value === saved}>
          {t('admin.languageSave')}
        </Button>
      </form>
      <AlertMessage message={error} />
    </section>
  );
}
