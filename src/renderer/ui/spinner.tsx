import { t } from '../i18n';
/** A decorative spinner; the text beside it (or a LoadingScreen's label) is what assistive technology reads. */
export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}

/** A loading state for an area, or with `fullPage` for the whole window; announced politely. */
export function LoadingScreen({ label, fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={`loading-screen${fullPage ? ' loading-screen-full' : ''}`} role="status" aria-live="polite">
      <Spinner />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
