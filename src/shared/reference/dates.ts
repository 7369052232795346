/** Spec sections 3 and 9: date format strings, and the date-range presets (defined, not used by the portal yet). */

/** The date formats a company may pick; tokens: DD day, MM month, MMM month name, YYYY year. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD.MM.YYYY', 'DD MMM YYYY', 'MMM DD, YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar day, without a time or a zone, as 'YYYY-MM-DD'. */
export type IsoDay = string;

/** Formats a calendar day ('2026-03-09') in one of the formats above ('09/03/2026', '09 Mar 2026', …). */
export function formatDay(day: IsoDay, format: DateFormat): string {
  const [year, month, date] = day.split('-') as [string, string, string];
  return format.replace(/YYYY|MMM|MM|DD/g, (token) =>
    token === 'YYYY' ? year : token === 'MMM' ? MONTHS[Number(month) - 1]! : token === 'MM' ? month : date,
  );
}

/** One preset of a date-range picker: [start, end], both days included. */
export interface DateRangePreset {
  label: string;
  start: IsoDay;
  end: IsoDay;
}

// Calendar arithmetic in UTC, so a daylight-saving change never moves a day.
const isoDay = (date: Date): IsoDay => date.toISOString().slice(0, 10);
const utcDay = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));

/**
 * The presets of spec section 9, for the calendar day `today` ('YYYY-MM-DD' in the user's zone): Today, Yesterday,
 * Last Week (today shifted -6 days, to today), Last Month (the same day a month back, to today; clamped to that
 * month's last day), and the whole years Current Year, Last Year and Next Year.
 */
export function dateRangePresets(today: IsoDay): DateRangePreset[] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1;
  const lastDayOfPreviousMonth = utcDay(year, monthIndex, 0).getUTCDate();
  const wholeYear = (value: number) => ({ start: `${value}-01-01`, end: `${value}-12-31` });
  return [
    { label: 'Today', start: today, end: today },
    { label: 'Yesterday', start: isoDay(utcDay(year, monthIndex, day - 1)), end: isoDay(utcDay(year, monthIndex, day - 1)) },
    { label: 'Last Week', start: isoDay(utcDay(year, monthIndex, day - 6)), end: today },
    { label: 'Last Month', start: isoDay(utcDay(year, monthIndex - 1, Math.min(day, lastDayOfPreviousMonth))), end: today },
    { label: 'Current Year', ...wholeYear(year) },
    { label: 'Last Year', ...wholeYear(year - 1) },
    { label: 'Next Year', ...wholeYear(year + 1) },
  ];
}
