import { IN } from 'country-region-data';

/** One state or union territory of India with its ISO 3166-2:IN subdivision code (without the 'IN-' prefix). */
export interface IndianState {
  name: string;
  code: string;
}

/** Spec section 3: the Indian states (28 states and 8 union territories), from country-region-data, by name. */
export const INDIAN_STATES: readonly IndianState[] = IN[2].map(([name, code]) => ({ name, code })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
