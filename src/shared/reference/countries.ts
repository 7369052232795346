import { countries } from 'countries-list';
import type * as z from 'zod';
import type { CountrySchema } from '../protocol/schemas';

export type Country = z.infer<typeof CountrySchema>;

/**
 * Where the data source (countries-list) disagrees with the numbering plan actually in use, as checked against
 * libphonenumber-js in countries.test.ts: Vatican City is reached through Italy's +39 (+379 is reserved, unused).
 */
const DIAL_CODE_IN_USE: Readonly<Record<string, string>> = { VA: '+39' };

/**
 * The country reference list of spec section 3 (name, label, dial_code, code), sorted by name: every ISO 3166-1
 * alpha-2 country of countries-list (codes assigned by users, like Kosovo's XK, and the exceptionally reserved
 * AC and TA are left out), with its international dial code (the first when a country has several).
 */
export const COUNTRIES: readonly Country[] = Object.entries(countries)
  .filter(([code, country]) => !country.userAssigned && code !== 'AC' && code !== 'TA' && country.phone.length > 0)
  .map(([code, country]) => ({ name: country.name, label: country.name, dial_code: DIAL_CODE_IN_USE[code] ?? `+${country.phone[0]}`, code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code);
}
