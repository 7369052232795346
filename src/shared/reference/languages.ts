import ISO6391 from 'iso-639-1';

/** A language of the reference list (spec section 3): ISO 639-1 code, English name, and the name in itself. */
export interface Language {
  code: string;
  name: string;
  nativeName: string;
}

/** Every ISO 639-1 language, from the iso-639-1 package, sorted by English name. */
export const LANGUAGES: readonly Language[] = ISO6391.getLanguages(ISO6391.getAllCodes())
  .map(({ code, name, nativeName }) => ({ code, name, nativeName }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
