import type { ProductKey } from '../../../shared/products';
import type { DownloadData, DownloadEntry, DownloadKey } from '../../../shared/protocol';
import type { OperatingSystem } from '../../platform';

/** One installer of one app for one platform, as the downloads list it. */
export interface DownloadRow {
  key: DownloadKey;
  platform: string;
  os: OperatingSystem;
  entry: DownloadEntry;
  /** The visitor's own platform (listed first). */
  yours: boolean;
}

export interface DownloadGroup {
  app: string;
  /** The product the app opens, for its icon (Suite Track is Project's time tracking). */
  product: ProductKey;
  rows: DownloadRow[];
}

type GroupSpec = { app: string; product: ProductKey; rows: { key: DownloadKey; platform: string; os: OperatingSystem }[] };

/** A desktop app's four installers (keys `{app}Windows64`, `…Windows32`, `…Mac`, `…Linux`). */
const desktopApp = (app: string, prefix: 'chat' | 'track'): GroupSpec => ({
  app,
  product: prefix === 'chat' ? 'chat' : 'pms',
  rows: [
    { key: `${prefix}Windows64`, platform: 'Windows (64-bit)', os: 'windows' },
    { key: `${prefix}Windows32`, platform: 'Windows (32-bit)', os: 'windows' },
    { key: `${prefix}Mac`, platform: 'macOS', os: 'mac' },
    { key: `${prefix}Linux`, platform: 'Linux', os: 'linux' },
  ],
});

/** A phone app's two store links (keys `android{suffix}`, `ios{suffix}`). */
const phoneApp = (app: string, suffix: 'Chat' | 'HRMS' | 'PMS'): GroupSpec => ({
  app,
  product: suffix === 'Chat' ? 'chat' : suffix === 'HRMS' ? 'hrms' : 'pms',
  rows: [
    { key: `android${suffix}`, platform: 'Android', os: 'android' },
    { key: `ios${suffix}`, platform: 'iPhone and iPad', os: 'ios' },
  ],
});

/** The apps of spec section 3's download data, and their platforms, in the order the downloads list them. */
const GROUPS: GroupSpec[] = [
  desktopApp('Suite Chat for desktop', 'chat'),
  desktopApp('Suite Track for desktop', 'track'),
  phoneApp('Chat for phones', 'Chat'),
  phoneApp('HR for phones', 'HRMS'),
  phoneApp('Project for phones', 'PMS'),
];

/** 'There is no update available.' is said when this is true (spec section 1). */
export function everyLinkEmpty(data: DownloadData): boolean {
  return Object.values(data).every((entry) => entry.link === '');
}

/**
 * The downloads with a link, per app: the visitor's platform first in each app, and the apps for the visitor's
 * platform before the others (a phone sees the phone apps first). Every other platform is still listed.
 */
export function downloadGroups(data: DownloadData, visitor: OperatingSystem | null): DownloadGroup[] {
  const groups = GROUPS.map(({ app, product, rows }) => ({
    app,
    product,
    rows: rows
      .filter((row) => data[row.key].link !== '')
      .map((row) => ({ ...row, entry: data[row.key], yours: row.os === visitor }))
      .sort((a, b) => Number(b.yours) - Number(a.yours)),
  })).filter((group) => group.rows.length > 0);
  return groups.sort((a, b) => Number(b.rows.some((row) => row.yours)) - Number(a.rows.some((row) => row.yours)));
}

const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** A size in binary units: the amount (one decimal from KB up) and its unit. */
export function sizeParts(bytes: number): { amount: number; unit: SizeUnit } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { amount: unit === 0 ? value : Math.round(value * 10) / 10, unit: SIZE_UNITS[unit]! };
}

/** "178.8 MB": sizes as download pages show them (binary units), in English. */
export function formatSize(bytes: number | undefined): string | null {
  if (bytes === undefined) return null;
  const { amount, unit } = sizeParts(bytes);
  return unit === 'bytes' ? `${amount} bytes` : `${amount.toFixed(1)} ${unit}`;
}

/**
 * "14 Oct 2026": the release date, in UTC so every visitor reads the same day; in another language its own form
 * of it (the pseudo-locale, which no engine knows, gets the date in digits).
 */
export function formatReleaseDate(iso: string | undefined, language = 'en'): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const locale = language === 'en' ? 'en-GB' : language === 'en-XA' ? 'en-GB' : language;
  const month = language === 'en-XA' ? 'numeric' : 'short';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(date);
}
