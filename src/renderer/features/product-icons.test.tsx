import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_KEYS, PRODUCT_LABELS, toPlanAccess, type ProductKey } from '../../shared/products';
import { DOWNLOAD_KEYS, type DownloadData, type Organization, type PortalConfig } from '../../shared/protocol';

// Each product's own icon, the same set in the workspace tiles, the menu and the downloads (issue 24): decorative,
// the product's name stays the accessible name, and the letters are gone.
vi.mock('../api', async (original) => {
  const actual = await original<typeof import('../api')>();
  return { ...actual, call: vi.fn(() => Promise.reject(new Error('not asked here'))) };
});
const api = await import('../api');
const { ProductPicker } = await import('./workspace/product-picker');
const { AppMenu } = await import('./menu/app-menu');
const { DownloadList } = await import('./downloads/download-list');
const { organizationsLoaded } = await import('./menu/active-organization');
const { useSessionStore } = await import('../session/session-store');

const ALL = Object.fromEntries(PRODUCT_KEYS.map((key) => [key, true]));
const ACME: Organization = { _id: 'o1', orgId: 'acme', company: 'Acme', logoURL: null, role: 'admin', planAccess: toPlanAccess(ALL), productAccess: [], isAdmin: true, isCompanyMFA: false };
const CONFIG: PortalConfig = {
  productUrls: Object.fromEntries(PRODUCT_KEYS.map((key) => [key, `https://${key}.example.com`])) as Record<ProductKey, string>,
  trackUrl: 'https://track.example.com',
  cookieDomain: null,
  publicUrl: 'https://portal.example.com',
  helpVideoUrl: null,
  documentsUrl: null,
  support: null,
  consoleLogging: true,
  microsoftSignIn: false,
};

/** The icon inside an element: the product it draws and its strokes, and that assistive technology skips it. */
function iconIn(element: HTMLElement): { product: string | null; drawing: string } {
  const icons = element.querySelectorAll('svg.product-icon');
  expect(icons).toHaveLength(1);
  const icon = icons[0]!;
  expect(icon.getAttribute('aria-hidden')).toBe('true');
  expect(icon.getAttribute('focusable')).toBe('false');
  const drawing = [...icon.querySelectorAll('path')].map((path) => path.getAttribute('d')).join(' ');
  expect(drawing).not.toBe('');
  return { product: icon.getAttribute('data-product'), drawing };
}

/** Every product drew its own icon, and no two look alike. */
function expectDistinct(drawings: Map<string, string>, products: readonly string[]) {
  expect([...drawings.keys()].sort()).toEqual([...products].sort());
  expect(new Set(drawings.values()).size).toBe(products.length);
}

beforeEach(() => {
  api.setPortalConfig(CONFIG);
});

describe('product icons', () => {
  it('gives each workspace tile its own icon, named by the product alone, with no letters', () => {
    render(<ProductPicker products={PRODUCT_KEYS} value="hrms" onChange={() => undefined} />);
    const drawings = new Map<string, string>();
    for (const product of PRODUCT_KEYS) {
      const radio = screen.getByRole('radio', { name: PRODUCT_LABELS[product] });
      const tile = radio.closest('label')!;
      const { product: drawn, drawing } = iconIn(tile);
      expect(drawn).toBe(product);
      drawings.set(product, drawing);
      expect(tile.textContent).toBe(PRODUCT_LABELS[product]);
    }
    expectDistinct(drawings, PRODUCT_KEYS);
  });

  it("gives each of the menu's products the same icon as its tile", async () => {
    const tiles = render(<ProductPicker products={PRODUCT_KEYS} value="hrms" onChange={() => undefined} />);
    const tileDrawing = new Map(PRODUCT_KEYS.map((product) => [product, iconIn(screen.getByRole('radio', { name: PRODUCT_LABELS[product] }).closest('label')!).drawing]));
    tiles.unmount();

    useSessionStore.setState({ token: 'menu-token', isAuthenticated: true });
    organizationsLoaded([ACME], 'acme');
    render(
      <MemoryRouter>
        <AppMenu />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const drawings = new Map<string, string>();
    for (const product of PRODUCT_KEYS) {
      // Named by the product (jsdom lays nothing out, so it joins the hidden note without the space a browser keeps).
      const item = await screen.findByRole('menuitem', { name: new RegExp(`^${PRODUCT_LABELS[product]} ?\\(opens in a new tab\\)$`) });
      const { product: drawn, drawing } = iconIn(item);
      expect(drawn).toBe(product);
      expect(drawing).toBe(tileDrawing.get(product));
      drawings.set(product, drawing);
    }
    expectDistinct(drawings, PRODUCT_KEYS);
    // The menu's other entries have no product icon.
    expect(screen.getByRole('menuitem', { name: /Troubleshooting/ }).querySelector('svg.product-icon')).toBeNull();
  });

  it('marks each app on the downloads with the icon of the product it opens', async () => {
    const links = Object.fromEntries(DOWNLOAD_KEYS.map((key) => [key, { link: `https://downloads.example.com/${key}` }])) as DownloadData;
    vi.mocked(api.call).mockImplementation(((event: string) => (event === 'getBuildInfo' ? Promise.resolve(links) : Promise.reject(new Error(event)))) as never);
    render(<DownloadList />);
    const apps = { 'Suite Chat for desktop': 'chat', 'Suite Track for desktop': 'pms', 'Chat for phones': 'chat', 'HR for phones': 'hrms', 'Project for phones': 'pms' };
    for (const [app, product] of Object.entries(apps)) {
      const heading = await screen.findByRole('heading', { name: app, level: 2 });
      expect(iconIn(heading).product, app).toBe(product);
      expect(within(heading).getByText(app)).toBeInTheDocument();
    }
    const drawn = (app: string) => iconIn(screen.getByRole('heading', { name: app })).drawing;
    expect(drawn('HR for phones')).not.toBe(drawn('Chat for phones'));
    expect(drawn('Suite Track for desktop')).toBe(drawn('Project for phones'));
  });
});
