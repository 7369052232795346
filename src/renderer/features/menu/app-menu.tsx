import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { productUrl } from '../../../shared/products';
import { portalConfig } from '../../api';
import { tEnglish, useT, type MessageId } from '../../i18n/screens';
import { platform } from '../../platform';
import { ProductIcon } from '../../ui/product-icon';
import { useSessionStore } from '../../session/session-store';
import { chooseTheme, useTheme } from '../theme/theme';
import { productHost } from '../workspace/workspace-logic';
import { signedInAsAccount, useActiveOrganization, useOrganizationsStore } from './active-organization';
import { MenuDialogs } from './menu-dialogs';
import { buildMenu, visibleEntries, type MenuDialog, type MenuItem } from './menu-items';
import './menu.css';

/** A newer version the desktop updater has found, for New Release's badge. */
function useUpdateVersion(): string | null {
  const state = useSyncExternalStore(platform.updates.subscribe, platform.updates.current);
  return state.status === 'available' || state.status === 'downloading' || state.status === 'ready' ? state.version || null : null;
}

/** The menu's entries for this session, device and deployment (only those whose isAccess is true). */
function useMenuEntries(): { entries: MenuItem[]; names: EntryNames } {
  const signedIn = useSessionStore(signedInAsAccount);
  const organization = useActiveOrganization(signedIn);
  const administers = useOrganizationsStore((state) => (state.list ?? []).some((org) => org.isAdmin));
  const { choice } = useTheme();
  const updateVersion = useUpdateVersion();
  const config = portalConfig();
  const version = platform.appVersion().version;
  const entries = visibleEntries(
    buildMenu({
      signedIn,
      deviceKind: platform.deviceKind(),
      flavor: platform.flavor,
      organization,
      administers,
      productUrl: (product, orgId) => productUrl(productHost(config, product, platform.flavor), product, orgId),
      version,
      updateVersion,
      links: config,
      themeChoice: choice,
    }),
  );
  return { entries, names: { company: organization?.company ?? null, version } };
}

/** Runs an entry: a product in a new tab (the desktop shell routes it), a link, a portal screen, a theme, or one of the dialogs. */
function runEntry(item: MenuItem, openDialog: (dialog: MenuDialog) => void, navigate: NavigateFunction): void {
  const { action } = item;
  switch (action.kind) {
    case 'product':
      if (platform.flavor === 'web') window.open(item.route ?? '', '_blank', 'noopener');
      else void platform.launchProduct({ product: action.product, orgId: action.orgId, url: item.route ?? '' });
      return;
    case 'link':
      if (item.route) platform.openExternal(action.link, item.route);
      return;
    case 'route':
      if (item.route) void navigate(item.route);
      return;
    case 'theme':
      chooseTheme(action.theme);
      return;
    case 'dialog':
      openDialog(action.dialog);
      return;
    default:
      return;
  }
}

/** The entries' names by id in the language shown (menu-items.ts keeps the spec's English names). */
const NAME_IDS: Partial<Record<string, MessageId>> = {
  'new-release': 'menu.newRelease',
  'download-app': 'menu.downloadApp',
  'help-video': 'menu.helpVideo',
  theme: 'menu.theme',
  'theme-light': 'menu.themeLight',
  'theme-dark': 'menu.themeDark',
  'theme-system': 'menu.themeSystem',
  troubleshooting: 'menu.troubleshooting',
  documents: 'menu.documents',
  shortcuts: 'menu.shortcuts',
  support: 'menu.support',
};

const AVAILABLE = ' available';

/** An entry's name as shown: products keep their names; the others come from the catalog. */
/** What the entries' names are made of: the active organization's name and the version the user runs. */
interface EntryNames {
  company: string | null;
  version: string;
}

function useEntryName(): (item: MenuItem, names: EntryNames) => string {
  const t = useT();
  return (item, { company, version }) => {
    const id = NAME_IDS[item.id];
    if (id) return t(id);
    if (item.id === 'products') return company ? t('menu.products', { company }) : t('menu.productsPlain');
    if (item.id === 'app-version') return t('menu.appVersion', { version });
    // Admin console and Security (their English is the catalog's), and the products' own names.
    return tEnglish(item.name);
  };
}

function Badges({ item }: { item: MenuItem }) {
  const t = useT();
  return (
    <>
      {item.badges.map((badge) => (
        <span key={badge} className="menu-badge">
          {badge.endsWith(AVAILABLE) ? t('menu.versionAvailable', { version: badge.slice(0, -AVAILABLE.length) }) : badge}
        </span>
      ))}
      {item.beta ? <span className="menu-badge menu-badge-beta">{t('menu.beta')}</span> : null}
    </>
  );
}

/**
 * The menu of spec section 1 in the header of the signed-in screens and the desktop apps: a menu button (Enter,
 * Space or ArrowDown opens it; arrow keys move, Home/End jump, typing a letter finds an entry, Escape closes and
 * returns to the button). Radix's DropdownMenu provides the WAI-ARIA menu button pattern.
 */
export function AppMenu() {
  const t = useT();
  const { entries, names } = useMenuEntries();
  const [dialog, setDialog] = useState<MenuDialog | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger ref={trigger} className="pill-button menu-button">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          {t('menu.button')}
        </DropdownMenu.Trigger>
        {/* A tab stop of its own: where the window is too short for it, the menu scrolls, and a keyboard reaches that
            region (axe's scrollable-region-focusable); the arrow keys still move between the entries. */}
        <DropdownMenu.Content className="menu" align="end" sideOffset={6} collisionPadding={8} loop tabIndex={0}>
          {entries.map((item, index) => (
            <MenuEntry key={item.id} item={item} names={names} first={index === 0} onDialog={setDialog} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <MenuDialogs open={dialog} onClose={() => setDialog(null)} returnFocusTo={trigger} />
    </>
  );
}

function MenuEntry({ item, names, first, onDialog }: { item: MenuItem; names: EntryNames; first: boolean; onDialog: (dialog: MenuDialog) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const nameOf = useEntryName();
  const name = nameOf(item, names);
  if (item.action.kind === 'info') {
    return <DropdownMenu.Label className="menu-label menu-info">{name}</DropdownMenu.Label>;
  }
  if (item.inner.length > 0) {
    const themes = item.inner.every((inner) => inner.action.kind === 'theme');
    const separator = first ? null : <DropdownMenu.Separator className="menu-separator" />;
    if (themes) {
      const checked = item.inner.find((inner) => inner.checked)?.action;
      return (
        <>
          {separator}
          <DropdownMenu.RadioGroup value={checked?.kind === 'theme' ? checked.theme : undefined} aria-label={name}>
            <DropdownMenu.Label className="menu-label" aria-hidden="true">
              {name}
            </DropdownMenu.Label>
            {item.inner.map((inner) => (
              <DropdownMenu.RadioItem key={inner.id} className="menu-item" value={inner.action.kind === 'theme' ? inner.action.theme : inner.id} onSelect={() => runEntry(inner, onDialog, navigate)}>
                <DropdownMenu.ItemIndicator className="menu-check" aria-hidden="true">
                  ✓
                </DropdownMenu.ItemIndicator>
                {nameOf(inner, names)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu-separator" />
        </>
      );
    }
    return (
      <>
        {separator}
        <DropdownMenu.Group aria-label={name}>
          <DropdownMenu.Label className="menu-label" aria-hidden="true">
            {name}
          </DropdownMenu.Label>
          {item.inner.map((inner) => (
            <DropdownMenu.Item key={inner.id} className="menu-item" onSelect={() => runEntry(inner, onDialog, navigate)}>
              {inner.action.kind === 'product' ? <ProductIcon product={inner.action.product} size={18} className="menu-icon" /> : null}
              {nameOf(inner, names)}
              <span className="visually-hidden"> {t('menu.newTab')}</span>
              <Badges item={inner} />
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Group>
        <DropdownMenu.Separator className="menu-separator" />
      </>
    );
  }
  return (
    <DropdownMenu.Item className="menu-item" onSelect={() => runEntry(item, onDialog, navigate)}>
      {name}
      <Badges item={item} />
    </DropdownMenu.Item>
  );
}
