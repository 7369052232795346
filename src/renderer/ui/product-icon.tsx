import type { ProductKey } from '../../shared/products';
import './product-icon.css';

/**
 * One icon per product of the suite, drawn here as a few strokes on a 24-unit grid (no icon library: eight icons are
 * a few hundred bytes, a library's runtime and its naming are not). Stroked in currentColor, so an icon takes the
 * colour of the text around it in either theme. Decorative: the tile, menu entry or heading beside it names the product.
 */
const PRODUCT_ICON_PATHS: Record<ProductKey, readonly string[]> = {
  // HR: a person.
  hrms: ['M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  // Chat: a speech bubble with its lines.
  chat: ['M21 11.5a8.5 8 0 0 1-12.3 7.2L3 20l1.6-4.4A8.5 8 0 1 1 21 11.5z', 'M8 10h8', 'M8 14h5'],
  // Project and time tracking: a clock.
  pms: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3.5 2'],
  // Payroll: a banknote.
  payroll: ['M2.5 6.5h19v11h-19z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M6 12h.01', 'M18 12h.01'],
  // Survey: a clipboard with a ticked answer.
  survey: ['M9 3.5h6v3H9z', 'M9 5H5.5v16h13V5H15', 'M8.5 12l2 2 4-4', 'M8.5 17.5h7'],
  // Applicant tracking: a person being added.
  recruit: ['M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M3 21a7 7 0 0 1 11-5.7', 'M18.5 14v7', 'M15 17.5h7'],
  // Assets: a box.
  assets: ['M12 2.5l8.5 4.75v9.5L12 21.5l-8.5-4.75v-9.5z', 'M3.5 7.25L12 12l8.5-4.75', 'M12 12v9.5'],
  // Performance: a rising chart.
  performance: ['M3 3v18h18', 'M7 15.5l4-4 3 3 6-6.5', 'M15.5 8H20v4.5'],
};

export interface ProductIconProps {
  product: ProductKey;
  /** Width and height in CSS pixels; 24 by default. */
  size?: number;
  className?: string;
}

/** A product's icon (workspace tiles, the menu, the downloads), hidden from assistive technology. */
export function ProductIcon({ product, size = 24, className }: ProductIconProps) {
  return (
    <svg
      className={['product-icon', className].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-product={product}
    >
      {PRODUCT_ICON_PATHS[product].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
