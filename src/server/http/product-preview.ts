import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { ProductKeySchema } from '../../shared/product-schemas';
import { PRODUCT_KEYS, PRODUCT_LABELS } from '../../shared/products';
import { escapeHtml } from '../../shared/escape-html';

/** The stand-in pages' stylesheet (the CSP allows no inline style), read once. */
const STYLESHEET = readFileSync(new URL('./product-preview.css', import.meta.url), 'utf8');
export const PREVIEW_STYLESHEET_PATH = '/product-preview.css';

/**
 * Stand-in product sites under /products/{key}/…, the default of every PRODUCT_URL_* variable, so that a
 * newcomer who signs in and presses Next lands somewhere that says which product and organization they chose.
 * A real deployment points the PRODUCT_URL_* variables at the products' own hosts.
 */
export function productPreviewRouter(): Router {
  const router = Router();
  router.get(PREVIEW_STYLESHEET_PATH, (_req, res) => {
    res.type('text/css').set('Cache-Control', 'no-cache').send(STYLESHEET);
  });
  router.get(/^\/products\/([a-z]+)(\/.*)?$/, (req, res) => {
    const key = (req.params as Record<string, string | undefined>)[0] ?? '';
    const product = ProductKeySchema.safeParse(key);
    const label = product.success ? PRODUCT_LABELS[product.data] : key === 'track' ? 'Time tracking' : null;
    if (!label) {
      res.status(404).type('text/plain').send(`No product "${key}". Known: ${[...PRODUCT_KEYS, 'track'].join(', ')}.`);
      return;
    }
    const rest = (req.params as Record<string, string | undefined>)[1] ?? '/';
    const orgId = rest.split('/').filter(Boolean)[0] ?? '';
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${escapeHtml(label)} · ${escapeHtml(orgId)}</title><script src="/theme-init.js"></script>` +
          `<link rel="stylesheet" href="${PREVIEW_STYLESHEET_PATH}"></head>` +
          `<body><header>Suite Portal · demo product</header><main><div class="card"><h1>${escapeHtml(label)}</h1>` +
          `<p>Organization: <strong data-testid="org">${escapeHtml(orgId)}</strong></p>` +
          `<p>Path: <code data-testid="path">${escapeHtml(rest)}</code></p>` +
          `<p class="muted">This is the demo stand-in for the ${escapeHtml(label)} product. Set PRODUCT_URL_* to send users to the real product hosts.</p>` +
          `<a class="button" href="/workspace">Back to the workspace</a></div></main></body></html>`,
      );
  });
  return router;
}
