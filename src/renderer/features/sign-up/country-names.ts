import type { Country } from '../../../shared/reference/countries';
import type { UiLanguage } from '../../../shared/i18n/languages';

type Shown = { country: Country; name: string }[];

// Made once per list and language: the engine's DisplayNames takes a second or more to construct (its data loads),
// and the steps re-render on every key typed.
const made = new WeakMap<readonly Country[], Map<UiLanguage, Shown>>();

/**
 * The countries as the sign-up's selects show them: in English the reference list's own names (the spec's), in any
 * other language the browser's names for the ISO code (Intl.DisplayNames), sorted in that language's order. The
 * values sent stay the reference list's (code, English label); a name the browser does not know stays English.
 */
export function countriesShown(countries: readonly Country[], language: UiLanguage): Shown {
  const byLanguage = made.get(countries) ?? new Map<UiLanguage, Shown>();
  made.set(countries, byLanguage);
  let shown = byLanguage.get(language);
  if (!shown) {
    shown = language === 'en' || language === 'en-XA' ? countries.map((country) => ({ country, name: country.name })) : namesIn(countries, language);
    byLanguage.set(language, shown);
  }
  return shown;
}

function namesIn(countries: readonly Country[], language: UiLanguage): Shown {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    // An engine without DisplayNames: the reference names.
  }
  const shown = countries.map((country) => {
    let name: string | undefined;
    try {
      name = names?.of(country.code);
    } catch {
      // A code the engine refuses: the reference name.
    }
    return { country, name: name ?? country.name };
  });
  const collator = new Intl.Collator([language]);
  return shown.sort((a, b) => collator.compare(a.name, b.name));
}
