import { useId } from 'react';
import { PRODUCT_LABELS, type ProductKey, type Role } from '../../../shared/products';
import { tEnglish, useT } from '../../i18n/screens';
import { grantableProducts, listOf } from './admin-format';

interface ProductAccessFieldProps {
  role: Role;
  /** The products of the organization's plan: the only ones offered. */
  plan: readonly ProductKey[];
  value: readonly ProductKey[];
  onChange: (value: ProductKey[]) => void;
  error?: string;
  /** A line under the choices (what happens when none is chosen). */
  hint?: string;
}

/**
 * Product access as checkboxes: only the plan's products the role can open (spec sections 3 and 6). An admin opens
 * every product of the plan whatever is ticked, so an admin gets that sentence instead of the boxes.
 */
export function ProductAccessField({ role, plan, value, onChange, error, hint }: ProductAccessFieldProps) {
  const t = useT();
  const id = useId();
  const offered = grantableProducts(role, plan);
  if (role === 'admin') {
    return (
      <p className="admin-note" data-testid="admin-access-note">
        {offered.length > 0
          ? t('admin.products.adminOpensAll', { products: listOf(offered.map((product) => PRODUCT_LABELS[product])) })
          : t('admin.products.adminOpensNone')}
      </p>
    );
  }
  if (offered.length === 0) {
    return <p className="admin-note">{t('admin.products.noneForRole', { role })}</p>;
  }
  const toggle = (product: ProductKey, checked: boolean) =>
    onChange(offered.filter((item) => (item === product ? checked : value.includes(item))));
  return (
    <fieldset className="admin-checks" aria-describedby={`${id}-message${hint ? ` ${id}-hint` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className="field-label">{t('admin.products.access')}</legend>
      <div className="admin-check-grid">
        {offered.map((product) => (
          <label key={product} className="admin-check">
            <input type="checkbox" checked={value.includes(product)} onChange={(event) => toggle(product, event.target.checked)} />
            {PRODUCT_LABELS[product]}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-message`} className="field-message" aria-live="polite">
        {error ? tEnglish(error) : null}
      </p>
    </fieldset>
  );
}
