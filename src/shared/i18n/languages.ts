/**
 * The portal's languages (issue 26): their codes, native names, writing direction, the cookie that remembers a choice,
 * and how the server (Accept-Language) and the renderer (navigator.languages) pick one. No zod: /login imports it.
 */
export const LANGUAGES = {
  en: 'English',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  mr: 'मराठी',
  ur: 'اردو',
} as const;

/** A language the picker offers. */
export type Language = keyof typeof LANGUAGES;

/**
 * The pseudo-locale: English accented and about 30% longer (src/shared/i18n/pseudo.ts), for tests that look for
 * hard-coded English and clipped text. Chosen only by the cookie; never offered, never picked from Accept-Language.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** Every language the renderer can show: the picker's and the pseudo-locale. */
export type UiLanguage = Language | typeof PSEUDO_LANGUAGE;

/** The cookie that remembers the visitor's choice (90 days, as the portal's other cookies), read by the server too. */
export const LANGUAGE_COOKIE = 'ubs_lang';

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

export const isUiLanguage = (value: unknown): value is UiLanguage => value === PSEUDO_LANGUAGE || isLanguage(value);

/** Urdu is written right to left; the others left to right. */
export const directionOf = (language: UiLanguage): 'rtl' | 'ltr' => (language === 'ur' ? 'rtl' : 'ltr');

/** The first of the preferred languages (in order) the portal has, by primary subtag (`hi-IN` is `hi`); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags by their q weight (highest first; q=0 means "not this one"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
