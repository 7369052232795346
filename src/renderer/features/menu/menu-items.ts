import { accessibleProducts, PRODUCT_LABELS, type ProductKey } from '../../../shared/products';
import type { Organization, PortalConfig } from '../../../shared/protocol';
import type { DeviceKind, ExternalLink, Flavor, ThemeChoice } from '../../platform';
import { SECURITY_CENTER_LINK } from '../account/account-paths';
import { ADMIN_CONSOLE_LINK } from '../admin/admin-paths';

/** The dialogs menu entries open. */
export type MenuDialog = 'new-release' | 'download-app' | 'shortcuts' | 'troubleshooting';

/** What choosing an entry does. */
export type MenuAction =
  | { kind: 'product'; product: ProductKey; orgId: string }
  | { kind: 'dialog'; dialog: MenuDialog }
  | { kind: 'link'; link: ExternalLink }
  /** A screen of the portal itself, at the entry's route. */
  | { kind: 'route' }
  | { kind: 'theme'; theme: ThemeChoice }
  | { kind: 'group' }
  | { kind: 'info' };

/** One entry of the menu, with the fields of spec section 1 (name, route, isAccess, badges, beta flag, inner menu). */
export interface MenuItem {
  /** Stable key of the entry. */
  id: string;
  name: string;
  /** Where it leads: a product's page, a portal path or another site; null for dialogs and settings. */
  route: string | null;
  /** Shown only when true. */
  isAccess: boolean;
  badges: string[];
  beta: boolean;
  inner: MenuItem[];
  action: MenuAction;
  /** For the Light/Dark entries: the choice in force. */
  checked?: boolean;
}

/** Everything isAccess and the entries depend on: the session, the active organization, the device and the deployment. */
export interface MenuContext {
  signedIn: boolean;
  deviceKind: DeviceKind;
  flavor: Flavor;
  /** The active organization (the workspace's selection, else the server's active one), when known. */
  organization: Organization | null;
  /** The user administers at least one organization they can reach from here (the admin console's entry). */
  administers: boolean;
  /** The product URL rules of the workspace's Next, for one product of one organization. */
  productUrl: (product: ProductKey, orgId: string) => string;
  /** The version the user runs (the portal's, or the desktop app's). */
  version: string;
  /** A newer version the desktop app's updater has found, if any. */
  updateVersion: string | null;
  links: Pick<PortalConfig, 'helpVideoUrl' | 'documentsUrl' | 'support'>;
  themeChoice: ThemeChoice;
}

type EntryInput = Pick<MenuItem, 'id' | 'name' | 'isAccess' | 'action'> & Partial<Omit<MenuItem, 'id' | 'name' | 'isAccess' | 'action'>>;

const entry = (input: EntryInput): MenuItem => ({ route: null, badges: [], beta: false, inner: [], ...input });

const supportRoute = (support: MenuContext['links']['support']): string | null =>
  support === null ? null : 'email' in support ? `mailto:${support.email}` : support.url;

const THEME_CHOICES: { theme: ThemeChoice; name: string }[] = [
  { theme: 'light', name: 'Light' },
  { theme: 'dark', name: 'Dark' },
  { theme: 'system', name: 'Same as the system' },
];

/**
 * The one typed list of menu entries (spec sections 1 and 6), every entry with isAccess computed from the context.
 * - Products: the modules the user may open in the active organization (the workspace's access rules), signed in only.
 * - Admin console: for an administrator of an organization; Security (the security center): anyone signed in.
 * - New Release (with the version) and Troubleshooting: always. Download App: in a browser (the desktop apps update
 *   themselves). Shortcuts: not on mobile (no keyboard). The app version: on mobile only.
 * - Help video, Documents and Support: when the deployment configures them.
 */
export function buildMenu(context: MenuContext): MenuItem[] {
  const { organization: org, links } = context;
  const products = context.signedIn && org ? accessibleProducts(org) : [];
  const support = supportRoute(links.support);
  return [
    entry({
      id: 'products',
      name: org ? `${org.company} products` : 'Products',
      isAccess: products.length > 0,
      action: { kind: 'group' },
      inner: org
        ? products.map((product) =>
            entry({ id: `product-${product}`, name: PRODUCT_LABELS[product], route: context.productUrl(product, org.orgId), isAccess: true, action: { kind: 'product', product, orgId: org.orgId } }),
          )
        : [],
    }),
    entry({ id: 'admin-console', name: ADMIN_CONSOLE_LINK.name, route: ADMIN_CONSOLE_LINK.route, isAccess: context.signedIn && context.administers, action: { kind: 'route' } }),
    entry({ id: 'security', name: SECURITY_CENTER_LINK.name, route: SECURITY_CENTER_LINK.route, isAccess: context.signedIn, action: { kind: 'route' } }),
    entry({
      id: 'new-release',
      name: 'New Release',
      isAccess: true,
      badges: [`v${context.version}`, ...(context.updateVersion ? [`v${context.updateVersion} available`] : [])],
      action: { kind: 'dialog', dialog: 'new-release' },
    }),
    entry({ id: 'download-app', name: 'Download App', route: '/downloads', isAccess: context.flavor === 'web', action: { kind: 'dialog', dialog: 'download-app' } }),
    entry({ id: 'help-video', name: 'Help Video', route: links.helpVideoUrl, isAccess: links.helpVideoUrl !== null, action: { kind: 'link', link: 'helpVideo' } }),
    entry({
      id: 'theme',
      name: 'Light/Dark',
      isAccess: true,
      action: { kind: 'group' },
      inner: THEME_CHOICES.map(({ theme, name }) =>
        entry({ id: `theme-${theme}`, name, isAccess: true, checked: context.themeChoice === theme, action: { kind: 'theme', theme } }),
      ),
    }),
    entry({ id: 'troubleshooting', name: 'Troubleshooting', isAccess: true, beta: true, action: { kind: 'dialog', dialog: 'troubleshooting' } }),
    entry({ id: 'documents', name: 'Documents', route: links.documentsUrl, isAccess: links.documentsUrl !== null, action: { kind: 'link', link: 'documents' } }),
    entry({ id: 'shortcuts', name: 'Shortcuts', isAccess: context.deviceKind !== 'mobile', action: { kind: 'dialog', dialog: 'shortcuts' } }),
    entry({ id: 'support', name: 'Support', route: support, isAccess: support !== null, action: { kind: 'link', link: 'support' } }),
    entry({ id: 'app-version', name: `App version ${context.version}`, isAccess: context.deviceKind === 'mobile', action: { kind: 'info' } }),
  ];
}

/** The entries to show: those whose isAccess is true, at every level. */
export function visibleEntries(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => item.isAccess).map((item) => ({ ...item, inner: visibleEntries(item.inner) }));
}
