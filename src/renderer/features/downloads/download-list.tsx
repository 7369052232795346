import { platform } from '../../platform';
import { AlertMessage } from '../../ui/alert-message';
import { ProductIcon } from '../../ui/product-icon';
import { LoadingScreen } from '../../ui/spinner';
import { downloadGroups, everyLinkEmpty, formatReleaseDate, formatSize, type DownloadRow } from './download-rows';
import { useBuildInfo } from './use-build-info';
import './downloads.css';

/** Spec section 1: what both the screen and the panel say when every link is empty. */
export const NO_UPDATE = 'There is no update available.';

const linkLabel = (app: string, row: DownloadRow) => `Download ${app} for ${row.platform}${row.entry.version ? `, version ${row.entry.version}` : ''}`;

/**
 * The downloads of getBuildInfo, per app and platform with the visitor's platform first: in full on /downloads
 * (version, release date, size, link), or `compact` in the menu's download panel (platform and link).
 */
export function DownloadList({ compact = false, headingLevel = 2 }: { compact?: boolean; headingLevel?: 2 | 3 }) {
  const state = useBuildInfo();
  if (state.status === 'loading') return <LoadingScreen label="Loading the downloads…" />;
  if (state.status === 'failed') return <AlertMessage message={state.message} />;
  if (everyLinkEmpty(state.data)) return <p className="downloads-empty">{NO_UPDATE}</p>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={compact ? 'downloads downloads-compact' : 'downloads'}>
      {downloadGroups(state.data, platform.operatingSystem()).map((group) => (
        <section key={group.app} className="downloads-group" aria-labelledby={`downloads-${group.rows[0]!.key}`}>
          <Heading id={`downloads-${group.rows[0]!.key}`} className="downloads-app">
            <ProductIcon product={group.product} size={compact ? 18 : 22} />
            {group.app}
          </Heading>
          {compact ? (
            <ul className="downloads-links">
              {group.rows.map((row) => (
                <li key={row.key}>
                  <a href={row.entry.link} aria-label={linkLabel(group.app, row)}>
                    {row.platform}
                  </a>
                  {row.entry.version ? <span className="downloads-meta"> {row.entry.version}</span> : null}
                  {row.yours ? <span className="downloads-yours">Your platform</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <table className="downloads-table">
              <thead>
                <tr>
                  <th scope="col">Platform</th>
                  <th scope="col">Version</th>
                  <th scope="col">Released</th>
                  <th scope="col">Size</th>
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <tr key={row.key} className={row.yours ? 'downloads-row-yours' : undefined}>
                    <th scope="row">
                      {row.platform}
                      {row.yours ? <span className="downloads-yours">Your platform</span> : null}
                    </th>
                    <td>{row.entry.version ?? '—'}</td>
                    <td>{formatReleaseDate(row.entry.releaseDate) ?? '—'}</td>
                    <td>{formatSize(row.entry.size) ?? '—'}</td>
                    <td>
                      <a className="button button-secondary downloads-button" href={row.entry.link} aria-label={linkLabel(group.app, row)}>
                        Download
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
