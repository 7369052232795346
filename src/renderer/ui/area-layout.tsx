import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { ltr, useT } from '../i18n/screens';
import { useDocumentTitle } from './use-document-title';
import './area-layout.css';

/** One link of an area's section navigation. */
export interface AreaSection {
  to: string;
  label: string;
  /** Router state the link carries. */
  state?: unknown;
}

interface AreaLayoutProps {
  /** The area's own class on the page, for its styles ("admin-page"). */
  className?: string;
  /** The area's name beside "Suite Portal" ("Security", "Admin console"), and its header region's name. */
  area: string;
  /** What the area is about, shown after its name (an organization's name). */
  about?: string | null;
  /** The header region's accessible name. */
  headerLabel: string;
  /** Who is signed in, when known. */
  signedInAs?: string | null;
  /** The header's links and buttons (back to the workspace, Logout…), after who is signed in. */
  actions: ReactNode;
  /** The section navigation and its name; without it the page is one column. */
  nav?: { label: string; sections: readonly AreaSection[] } | null;
  /** The page's heading. */
  title: string;
  /** The whole document title ("Sessions and devices · Security · Suite Portal"). */
  documentTitle: string;
  /** A line under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The page of a signed-in area beside the workspace (the security center, the admin console): a skip link, a header
 * (the area, who is signed in, the area's actions), the section navigation beside the section (above it on a phone),
 * and the section under its heading, whose main region takes the focus after a route change (app-chrome.tsx). Sets
 * the document title.
 */
export function AreaLayout({ className, area, about, headerLabel, signedInAs, actions, nav, title, documentTitle, intro, children }: AreaLayoutProps) {
  const t = useT();
  useDocumentTitle(documentTitle);
  return (
    <div className={className ? `area-page ${className}` : 'area-page'}>
      <a className="skip-link" href="#area-main">
        {t('kit.skipToContent')}
      </a>
      {/* A named region, not a <header>: the app's header above (the menu) is the page's one banner landmark. */}
      <section className="area-header" aria-label={headerLabel}>
        <p className="area-brand">
          Suite Portal <span className="area-brand-part">{area}</span>
          {about ? <span className="area-brand-part area-about">{about}</span> : null}
        </p>
        <div className="area-header-actions">
          {signedInAs ? <p className="area-signed-in">{t('workspace.signedInAs', { email: ltr(signedInAs) })}</p> : null}
          {actions}
        </div>
      </section>
      <div className={nav ? 'area-body' : 'area-body area-body-single'}>
        {nav ? (
          <nav className="area-nav" aria-label={nav.label}>
            <ul>
              {nav.sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} state={section.state}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="area-main" className="area-main" tabIndex={-1}>
          <h1>{title}</h1>
          {intro ? <p className="area-intro">{intro}</p> : null}
          {children}
        </main>
      </div>
    </div>
  );
}
