import type { DesktopFlavor } from '../shared/bridge';
import type { ProductKey } from '../shared/products';

/** What differs between the two desktop apps built from this codebase. */
export interface FlavorProfile {
  flavor: DesktopFlavor;
  /** Name in the title bar, installers and menus. */
  productName: string;
  /** Reverse-DNS id: Windows AppUserModelID, macOS bundle id, Linux desktop entry. */
  appId: string;
  /** Icon (1024x1024 PNG) electron-builder derives every platform's icon from; also the window icon on Linux. */
  icon: string;
  /** Folder of the update feed on the account server: /updates/{updateChannel}/. */
  updateChannel: string;
  /** Keychain service name the token is stored under (the account is the server origin). */
  vaultService: string;
  /** The product this app opens in its own window; every other product goes to the system browser. */
  inAppProduct: ProductKey;
}

/** The two flavors. electron-builder.yml and the README's flavor table name exactly these values (a test checks). */
export const FLAVORS: Record<DesktopFlavor, FlavorProfile> = {
  chat: {
    flavor: 'chat',
    productName: 'Suite Chat',
    appId: 'com.suiteportal.chat',
    icon: 'build/icons/chat.png',
    updateChannel: 'chat',
    vaultService: 'Suite Chat',
    inAppProduct: 'chat',
  },
  track: {
    flavor: 'track',
    productName: 'Suite Track',
    appId: 'com.suiteportal.track',
    icon: 'build/icons/track.png',
    updateChannel: 'track',
    vaultService: 'Suite Track',
    inAppProduct: 'pms',
  },
};
