import { LANGUAGES, isUiLanguage } from '../../shared/i18n/languages';
import { chooseLanguage, useLanguage, useT } from '.';
import './language-picker.css';

/**
 * The signed-out screens' language picker, beside the Light/Dark switch: each language by its own name (and its own
 * `lang`, so a screen reader says it right). The choice shows at once and is remembered (i18n/index.ts).
 */
export function LanguagePicker() {
  const t = useT();
  const language = useLanguage();
  return (
    <select
      className="pill-button language-picker"
      aria-label={t('app.language')}
      value={language}
      onChange={(event) => isUiLanguage(event.target.value) && void chooseLanguage(event.target.value)}
    >
      {language in LANGUAGES ? null : <option value={language}>{language}</option>}
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
