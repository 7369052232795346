import ct from 'countries-and-timezones';
import { languages as clLanguages } from 'countries-list';
import currencyCodes from 'currency-codes';
import isoCountries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from './countries';
import { CURRENCIES, currencyByCode } from './currencies';
import { dateRangePresets, DATE_FORMATS, formatDay } from './dates';
import { DEFAULT_COUNTRY_CODE, DEFAULT_DIAL_CODE, DEFAULT_TIME_ZONE } from './defaults';
import { HOLIDAY_ICONS, LEAVE_ICONS } from './icons';
import { INDIAN_STATES } from './indian-states';
import { LANGUAGES } from './languages';
import { paletteColorFor, SOFT_PALETTE, TAG_PALETTE } from './palettes';
import { ianaName, timeZones, zoneOffsetMinutes } from './time-zones';

// Each list comes from one maintained source and is checked here against another one.

describe('countries (countries-list), against i18n-iso-countries and libphonenumber-js', () => {
  it('has every ISO 3166-1 alpha-2 country once, with name = label, sorted by name', () => {
    const iso = new Set(Object.keys(isoCountries.getAlpha2Codes()));
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    for (const country of COUNTRIES) {
      expect(iso.has(country.code), country.code).toBe(true);
      expect(country.label).toBe(country.name);
    }
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("has each country's dial code as the numbering plan assigns it", () => {
    let checked = 0;
    for (const country of COUNTRIES) {
      expect(country.dial_code, country.code).toMatch(/^\+[0-9]{1,4}$/);
      if (!isSupportedCountry(country.code)) continue;
      // +1 684 (American Samoa) is +1 with an area code: the plan's code is a prefix of ours.
      expect(country.dial_code.startsWith(`+${getCountryCallingCode(country.code as CountryCode)}`), country.code).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(230);
  });

  it('defaults to India, +91', () => {
    expect(countryByCode(DEFAULT_COUNTRY_CODE)).toEqual({ name: 'India', label: 'India', dial_code: DEFAULT_DIAL_CODE, code: 'IN' });
    expect(countryByCode('US')?.dial_code).toBe('+1');
    expect(countryByCode('VA')?.dial_code).toBe('+39');
  });
});

describe('Indian states (country-region-data)', () => {
  it('lists the 28 states and 8 union territories with their ISO 3166-2:IN codes', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES).toContainEqual({ name: 'Karnataka', code: 'KA' });
    expect(INDIAN_STATES).toContainEqual({ name: 'Telangana', code: 'TG' });
    expect(INDIAN_STATES).toContainEqual({ name: 'Ladakh', code: 'LA' });
    expect(INDIAN_STATES).toContainEqual({ name: 'Delhi', code: 'DL' });
    for (const state of INDIAN_STATES) expect(state.code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('languages (iso-639-1), against countries-list and Intl', () => {
  it('has every ISO 639-1 code with its English and native name', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(180);
    for (const language of LANGUAGES) {
      expect(language.code).toMatch(/^[a-z]{2}$/);
      expect(language.name.length).toBeGreaterThan(1);
      expect(language.nativeName.length).toBeGreaterThan(0);
    }
    // countries-list knows the same codes, bar the withdrawn bh, mo and sh it still carries (and Avestan it lacks).
    const ours = new Set(LANGUAGES.map((language) => language.code));
    const theirs = Object.keys(clLanguages).filter((code) => !['bh', 'mo', 'sh'].includes(code));
    expect(theirs.filter((code) => !ours.has(code))).toEqual([]);
    expect([...ours].filter((code) => !(code in clLanguages))).toEqual(['ae']);
  });

  it('names the major languages in themselves as Unicode CLDR does', () => {
    const byCode = new Map(LANGUAGES.map((language) => [language.code, language]));
    for (const code of ['en', 'hi', 'es', 'fr', 'de', 'ja', 'zh', 'ar', 'ru', 'pt', 'bn', 'ta']) {
      const cldr = new Intl.DisplayNames([code], { type: 'language' }).of(code)!;
      expect(byCode.get(code)?.nativeName.toLocaleLowerCase(code), code).toBe(cldr.toLocaleLowerCase(code));
    }
  });
});

describe('currencies (countries-list), against currency-codes (ISO 4217) and Intl', () => {
  it('match ISO 4217 in numeric code and minor digits', () => {
    const iso = new Map(currencyCodes.data.map((entry) => [entry.code, entry]));
    let compared = 0;
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      const entry = iso.get(currency.code);
      if (!entry) continue;
      expect(currency.numeric, currency.code).toBe(String(entry.number).padStart(3, '0'));
      expect(currency.decimals, currency.code).toBe(entry.digits);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(145);
    expect(CURRENCIES.some((currency) => currency.code === 'XAU' || currency.code === 'XTS')).toBe(false);
  });

  it('carry the symbols people write', () => {
    for (const code of ['USD', 'EUR', 'INR', 'GBP', 'JPY', 'KRW', 'BRL']) {
      const symbol = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
        .formatToParts(1)
        .find((part) => part.type === 'currency')!.value;
      expect(currencyByCode(code)?.symbol, code).toBe(symbol);
    }
    expect(currencyByCode('INR')).toMatchObject({ name: 'Indian Rupee', symbol: '₹' });
  });
});

describe('time zones (IANA, through Intl), against countries-and-timezones', () => {
  const zones = timeZones(new Date('2026-01-15T12:00:00Z'));

  it('has the default Asia/Kolkata at +330 minutes, and UTC at 0', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(zones.find((zone) => zone.name === 'Asia/Kolkata')).toEqual({ name: 'Asia/Kolkata', offset: 330, label: '(UTC+05:30) Asia/Kolkata' });
    expect(zones.find((zone) => zone.name === 'UTC')?.offset).toBe(0);
    expect(zones.find((zone) => zone.name === 'America/St_Johns')?.label).toBe('(UTC-03:30) America/St_Johns');
  });

  it('uses the IANA names, sorted by offset', () => {
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.some((zone) => zone.name === 'Asia/Calcutta' || zone.name === 'Europe/Kiev')).toBe(false);
    for (let i = 1; i < zones.length; i += 1) expect(zones[i]!.offset).toBeGreaterThanOrEqual(zones[i - 1]!.offset);
    // Every renamed zone is a current, canonical zone of the tz database.
    for (const legacy of ['Asia/Calcutta', 'Asia/Saigon', 'Europe/Kiev', 'America/Godthab']) expect(ct.getTimezone(ianaName(legacy))?.aliasOf ?? null).toBeNull();
  });

  it('gives the zones without daylight saving time the offset of the tz database', () => {
    let compared = 0;
    const differing: string[] = [];
    for (const zone of zones) {
      const reference = ct.getTimezone(zone.name);
      if (!reference || reference.utcOffset !== reference.dstOffset) continue;
      if (zone.offset !== reference.utcOffset) differing.push(`${zone.name}: ${zone.offset} here, ${reference.utcOffset} there`);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(100);
    // The engine's ICU and the package each carry a tz release; a rule change between the two (British Columbia's
    // permanent daylight time, say) may differ for a zone or two, never more.
    expect(differing.length, differing.join('; ')).toBeLessThanOrEqual(2);
  });

  it('counts daylight saving time at the moment asked', () => {
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe(120);
  });
});

describe('named sets, palettes and dates', () => {
  it('has the holiday and leave icons the spec names', () => {
    expect(HOLIDAY_ICONS.map((icon) => icon.key)).toEqual(['kite', 'holi', 'diwali', 'christmas', 'sportsDay', 'rakshaBandhan', 'janmashtami', 'ganesh', 'dussehra', 'navratri', 'independence', 'republic']);
    expect(LEAVE_ICONS.map((icon) => icon.label)).toEqual([
      'Annual leave', 'Paid leave', 'Casual leave', 'Sick leave', 'Leave without pay', 'Maternity leave', 'Marriage leave', 'Bereavement leave', 'Compensatory leave', 'Paternity leave',
    ]);
  });

  it('pairs every palette colour with a text colour of at least 4.5:1 contrast', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const color of [...TAG_PALETTE, ...SOFT_PALETTE]) {
      const [light, dark] = [luminance(color.background), luminance(color.foreground)].sort((a, b) => b - a) as [number, number];
      expect((light + 0.05) / (dark + 0.05), `${color.name} ${color.background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(paletteColorFor('Design')).toBe(paletteColorFor('Design'));
  });

  it('formats a day in each date format', () => {
    expect(DATE_FORMATS.map((format) => formatDay('2026-03-09', format))).toEqual([
      '09/03/2026', '03/09/2026', '2026-03-09', '09-03-2026', '03-09-2026', '09.03.2026', '09 Mar 2026', 'Mar 09, 2026',
    ]);
  });

  it('computes the date-range presets: Last Week shifted -6 days, the years whole', () => {
    expect(dateRangePresets('2026-03-01')).toEqual([
      { label: 'Today', start: '2026-03-01', end: '2026-03-01' },
      { label: 'Yesterday', start: '2026-02-28', end: '2026-02-28' },
      { label: 'Last Week', start: '2026-02-23', end: '2026-03-01' },
      { label: 'Last Month', start: '2026-02-01', end: '2026-03-01' },
      { label: 'Current Year', start: '2026-01-01', end: '2026-12-31' },
      { label: 'Last Year', start: '2025-01-01', end: '2025-12-31' },
      { label: 'Next Year', start: '2027-01-01', end: '2027-12-31' },
    ]);
    // A month back from 31 March is the last day of February.
    expect(dateRangePresets('2026-03-31')[3]).toEqual({ label: 'Last Month', start: '2026-02-28', end: '2026-03-31' });
    expect(dateRangePresets('2026-01-01')[1]).toMatchObject({ start: '2025-12-31' });
  });
});
