import { Tooltip as AriakitTooltip, TooltipAnchor, TooltipProvider } from '@ariakit/react/tooltip';
import type { ReactElement, ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '../../shared/limits';
import './tooltip.css';

/**
 * A tooltip on one focusable element (spec section 9: it opens after 500 ms). Ariakit shows it on hover and on
 * keyboard focus, hides it on Escape, and ties it to the element with aria-describedby.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <TooltipProvider timeout={TOOLTIP_DELAY_MS}>
      <TooltipAnchor render={children} />
      <AriakitTooltip className="tooltip" gutter={6} unmountOnHide>
        {content}
      </AriakitTooltip>
    </TooltipProvider>
  );
}
