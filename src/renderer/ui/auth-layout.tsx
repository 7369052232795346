import { useT } from '../i18n';
import type { ReactNode } from 'react';
import { BrandPanel, CompanyPanel } from './brand-panel';
import './auth-layout.css';

interface AuthLayoutProps {
  /** With an organization id in the path, the panel shows that company instead of the brand. */
  orgId?: string | null;
  /** The small logo in the top-right corner (a logo the user picked earlier, stored locally). */
  cornerLogo?: string | null;
  /** Wider content area (the workspace's tiles). */
  wide?: boolean;
  children: ReactNode;
}

/** The split layout of the portal's screens: brand or company panel on one side, the screen on the other. */
export function AuthLayout({ orgId, cornerLogo, wide = false, children }: AuthLayoutProps) {
  const t = useT();
  return (
    <div className="auth-layout">
      <aside className="auth-aside" aria-label={t(orgId ? 'brand.companyLabel' : 'brand.aboutLabel')}>
        {orgId ? <CompanyPanel orgId={orgId} /> : <BrandPanel />}
      </aside>
      <main className="auth-main">
        {cornerLogo ? <img className="corner-logo" src={cornerLogo} alt={t('brand.cornerLogo')} /> : null}
        <div className={`auth-content${wide ? ' auth-content-wide' : ''}`}>{children}</div>
      </main>
    </div>
  );
}
