import { useT } from '../../i18n/screens';
import { useId } from 'react';
import { PRODUCT_LABELS, type ProductKey } from '../../../shared/products';
import { ProductIcon } from '../../ui/product-icon';

interface ProductPickerProps {
  products: readonly ProductKey[];
  value: ProductKey | null;
  onChange: (product: ProductKey) => void;
}

/** The product tiles of the selected organization as one radio group; each tile is named by its product label alone, its icon decorative. */
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
              <span className="product-mark" aria-hidden="true">
                <ProductIcon product={product} size={28} />
              </span>
              <span className="product-name">{PRODUCT_LABELS[product]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
