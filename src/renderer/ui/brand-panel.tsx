import { useT } from '../i18n';
import { Avatar } from './avatar';
import { useCompanyDetails } from './use-company-details';

const CORE_VALUES = ['brand.value1', 'brand.value2', 'brand.value3', 'brand.value4'] as const;

/** The default panel of the sign-in screens: product name, tagline and four core values. */
export function BrandPanel() {
  const t = useT();
  return (
    <div className="brand-panel">
      <p className="brand-name">
        <BrandMark />
        Suite Portal
      </p>
      <p className="brand-tagline">{t('brand.tagline')}</p>
      <ul className="brand-values">
        {CORE_VALUES.map((value) => (
          <li key={value}>{t(value)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The panel of /{orgId}/… screens: the company's logo and name; the brand panel when they cannot be fetched. */
export function CompanyPanel({ orgId }: { orgId: string }) {
  const t = useT();
  const state = useCompanyDetails(orgId);
  if (state.status === 'failed') return <BrandPanel />;
  if (state.status === 'loading') return <div className="brand-panel brand-panel-loading" aria-busy="true" />;
  const { company, companyLogo } = state.details;
  return (
    <div className="brand-panel company-panel">
      <Avatar className="company-logo" name={company} image={companyLogo} width={72} />
      <p className="brand-name">{company}</p>
      <p className="brand-tagline">{t('brand.companyTagline', { company })}</p>
    </div>
  );
}

export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="12" height="12" rx="3" fill="currentColor" opacity="0.95" />
      <rect x="18" y="2" width="12" height="12" rx="3" fill="currentColor" opacity="0.6" />
      <rect x="2" y="18" width="12" height="12" rx="3" fill="currentColor" opacity="0.6" />
      <rect x="18" y="18" width="12" height="12" rx="3" fill="currentColor" opacity="0.35" />
    </svg>
  );
}
