import { useLanguage, useT, type MessageId } from '../../i18n/screens';
import { platform } from '../../platform';
import { AlertMessage } from '../../ui/alert-message';
import { ProductIcon } from '../../ui/product-icon';
import { LoadingScreen } from '../../ui/spinner';
import { downloadGroups, everyLinkEmpty, formatReleaseDate, sizeParts, type DownloadRow } from './download-rows';
import { useBuildInfo } from './use-build-info';
import './downloads.css';

/** Spec section 1: what both the screen and the panel say when every link is empty. */
export const NO_UPDATE = 'There is no update available.';

/** The apps' and platforms' names on screen (download-rows.ts keeps the English, which its tests read). */
const APP_IDS: Record<string, MessageId> = {
  'Suite Chat for desktop': 'downloads.appChatDesktop',
  'Suite Track for desktop': 'downloads.appTrackDesktop',
  'Chat for phones': 'downloads.appChatPhone',
  'HR for phones': 'downloads.appHrPhone',
  'Project for phones': 'downloads.appProjectPhone',
};
const PLATFORM_IDS: Record<string, MessageId> = {
  macOS: 'downloads.mac',
  Linux: 'downloads.linux',
  Android: 'downloads.android',
  'iPhone and iPad': 'downloads.iphone',
};

type Translate = ReturnType<typeof useT>;
const appName = (t: Translate, app: string) => {
  const id = APP_IDS[app];
  return id ? t(id) : app;
};
const platformName = (t: Translate, row: DownloadRow) => {
  const windows = /^Windows \((\d+)-bit\)$/.exec(row.platform);
  if (windows) return t('downloads.windows', { bits: windows[1] });
  const id = PLATFORM_IDS[row.platform];
  return id ? t(id) : row.platform;
};

const SIZE_IDS = { bytes: 'downloads.sizeBytes', KB: 'downloads.sizeKb', MB: 'downloads.sizeMb', GB: 'downloads.sizeGb' } as const satisfies Record<string, MessageId>;

/** "178.8 MB" in the language shown: its digits and decimal sign, the unit's name from the catalog. */
const sizeText = (t: Translate, language: string, bytes: number) => {
  const { amount, unit } = sizeParts(bytes);
  const digits = unit === 'bytes' ? {} : { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  const size = new Intl.NumberFormat(language === 'en-XA' ? 'en' : language, digits).format(amount);
  return t(SIZE_IDS[unit], { size });
};

const linkLabel = (t: Translate, app: string, row: DownloadRow) =>
  row.entry.version
    ? t('downloads.linkLabelVersion', { app: appName(t, app), platform: platformName(t, row), version: row.entry.version })
    : t('downloads.linkLabel', { app: appName(t, app), platform: platformName(t, row) });

/**
 * The downloads of getBuildInfo, per app and platform with the visitor's platform first: in full on /downloads
 * (version, release date, size, link), or `compact` in the menu's download panel (platform and link).
 */
export function DownloadList({ compact = false, headingLevel = 2 }: { compact?: boolean; headingLevel?: 2 | 3 }) {
  const t = useT();
  const language = useLanguage();
  const state = useBuildInfo();
  if (state.status === 'loading') return <LoadingScreen label={t('downloads.loading')} />;
  if (state.status === 'failed') return <AlertMessage message={state.message} />;
  if (everyLinkEmpty(state.data)) return <p className="downloads-empty">{t('downloads.noUpdate')}</p>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={compact ? 'downloads downloads-compact' : 'downloads'}>
      {downloadGroups(state.data, platform.operatingSystem()).map((group) => (
        <section key={group.app} className="downloads-group" aria-labelledby={`downloads-${group.rows[0]!.key}`}>
          <Heading id={`downloads-${group.rows[0]!.key}`} className="downloads-app">
            <ProductIcon product={group.product} size={compact ? 18 : 22} />
            {appName(t, group.app)}
          </Heading>
          {compact ? (
            <ul className="downloads-links">
              {group.rows.map((row) => (
                <li key={row.key}>
                  <a href={row.entry.link} aria-label={linkLabel(t, group.app, row)}>
                    {platformName(t, row)}
                  </a>
                  {row.entry.version ? <span className="downloads-meta" dir="ltr"> {row.entry.version}</span> : null}
                  {row.yours ? <span className="downloads-yours">{t('downloads.yourPlatform')}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <table className="downloads-table">
              <thead>
                <tr>
                  <th scope="col">{t('downloads.platform')}</th>
                  <th scope="col">{t('downloads.version')}</th>
                  <th scope="col">{t('downloads.released')}</th>
                  <th scope="col">{t('downloads.size')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('downloads.download')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <tr key={row.key} className={row.yours ? 'downloads-row-yours' : undefined}>
                    <th scope="row">
                      {platformName(t, row)}
                      {row.yours ? <span className="downloads-yours">{t('downloads.yourPlatform')}</span> : null}
                    </th>
                    <td dir="ltr">{row.entry.version ?? '—'}</td>
                    <td>{formatReleaseDate(row.entry.releaseDate, language) ?? '—'}</td>
                    <td>{row.entry.size === undefined ? '—' : sizeText(t, language, row.entry.size)}</td>
                    <td>
                      <a className="button button-secondary downloads-button" href={row.entry.link} aria-label={linkLabel(t, group.app, row)}>
                        {t('downloads.download')}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
