import { useT } from '../../i18n/screens';
import { useId } from 'react';
import { PRODUCT_LABELS, type ProductKey } from '../../../shared/products';

interface ProductPickerProps {
  products: readonly ProductKey[];
  value: ProductKey | null;
  onChange: (product: ProductKey) => void;
}

/** A short mark per tile; decorative, the label names the tile. */
const PRODUCT_MARKS: Record<ProductKey, string> = {
  hrms: 'HR',
  chat: 'Ch',
  pms: 'Pr',
  payroll: 'Pa',
  survey: 'Su',
  recruit: 'At',
  assets: 'As',
  performance: 'Pe',
};

/** The product tiles of the selected organization as one radio group; each tile is named by its product label alone. */
export function ProductPicker({ products, value, onChange }: ProductPickerProps) {
  const t = useT();
  const legendId = useId();
  return (
    <fieldset className="choice-group" role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId} className="choice-legend">
        {t('workspace.product')}
      </legend>
      <div className="product-options">
        {products.map((product) => (
          <label key={product} className="choice">
            <input
              className="choice-input"
              type="radio"
              name="product"
              value={product}
              checked={product === value}
              onChange={() => onChange(product)}
              aria-label={PRODUCT_LABELS[product]}
            />
            <span className="choice-card product-card">
              <span className={`product-mark product-mark-${product}`} aria-hidden="true">
                {PRODUCT_MARKS[product]}
              </span>
              <span className="product-name">{PRODUCT_LABELS[product]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
