import { currencies } from 'countries-list/currencies';

/** A currency of the reference list (spec section 3): ISO 4217 code, name, symbol, numeric code and minor digits. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  numeric: string;
  decimals: number;
}

/** Codes of ISO 4217 that are not money a company pays in: test, no-currency, precious metals, fund and bond units. */
const NOT_MONEY = new Set([
  ...['XTS', 'XXX'],
  ...['XAU', 'XAG', 'XPD', 'XPT'],
  ...['XBA', 'XBB', 'XBC', 'XBD', 'XSU', 'XUA', 'XDR', 'XAD'],
  ...['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'USS', 'UYI', 'UYW'],
]);

/** Spec section 3: currencies with their symbols, from countries-list (ISO 4217 with Unicode CLDR symbols), by code. */
export const CURRENCIES: readonly Currency[] = Object.entries(currencies)
  .filter(([code]) => !NOT_MONEY.has(code))
  .map(([code, currency]) => ({ code, name: currency.name, symbol: currency.symbol, numeric: currency.numeric, decimals: currency.decimals }))
  .sort((a, b) => a.code.localeCompare(b.code));

export function currencyByCode(code: string): Currency | undefined {
  return CURRENCIES.find((currency) => currency.code === code);
}
