import { DEFAULT_TIME_ZONE } from './defaults';

/** A time zone of the reference list (spec section 3): IANA name, its offset from UTC in minutes, and a label. */
export interface TimeZone {
  name: string;
  /** Minutes east of UTC at the given moment (330 for Asia/Kolkata; daylight saving time counts). */
  offset: number;
  /** '(UTC+05:30) Asia/Kolkata'. */
  label: string;
}

/**
 * Some engines' ICU still lists the old CLDR spellings of zones that IANA has renamed. The list shows the IANA
 * names (so the spec's default 'Asia/Kolkata' is in it); both spellings name the same zone for Intl.
 */
const IANA_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The IANA name of a zone, whichever spelling the engine used. */
export function ianaName(zone: string): string {
  return IANA_NAMES[zone] ?? zone;
}

/** A zone's offset from UTC in minutes at `at`, read from Intl ('GMT+05:30' → 330, 'GMT' → 0). */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((item) => item.type === 'timeZoneName');
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(part?.value ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function offsetLabel(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return `UTC${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * Spec sections 3 and 9: every IANA time zone the engine knows (through Intl), with its offset at `at`, sorted by
 * offset and then name. UTC and the default Asia/Kolkata are always in it.
 */
export function timeZones(at: Date = new Date()): TimeZone[] {
  const names = new Set(Intl.supportedValuesOf('timeZone').map(ianaName));
  names.add('UTC');
  names.add(DEFAULT_TIME_ZONE);
  return [...names]
    .map((name) => {
      const offset = zoneOffsetMinutes(name, at);
      return { name, offset, label: `(${offsetLabel(offset)}) ${name}` };
    })
    .sort((a, b) => a.offset - b.offset || a.name.localeCompare(b.name));
}
