import * as z from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages';
import { ProductKeySchema } from '../product-schemas';
import type { BridgeChannelName } from './names';

/** The two desktop apps built from this codebase. */
export const DesktopFlavorSchema = z.enum(['chat', 'track']);
export type DesktopFlavor = z.infer<typeof DesktopFlavorSchema>;

/** What the updater is doing, as the renderer shows it. */
export const UpdateStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  z.object({ status: z.literal('checking') }),
  z.object({ status: z.literal('available'), version: z.string() }),
  z.object({ status: z.literal('downloading'), version: z.string(), percent: z.number().min(0).max(100) }),
  z.object({ status: z.literal('ready'), version: z.string() }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type UpdateState = z.infer<typeof UpdateStateSchema>;

/** Version, flavor and runtime of the running app: the menu's New Release entry and the login form's appVersion. */
export const BuildInfoSchema = z.object({
  version: z.string(),
  flavor: DesktopFlavorSchema,
  productName: z.string(),
  platform: z.string(),
  arch: z.string(),
  electron: z.string(),
  chrome: z.string(),
  buildDate: z.string(),
  commit: z.string(),
  /** Origin of the account server this app talks to (configured at build time, see src/main/README.md). */
  serverOrigin: z.string().url(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

/** The Light/Dark choice the app remembers in its settings; 'system' follows the operating system. */
export const ThemeChoiceSchema = z.enum(['light', 'dark', 'system']);
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;

/** The deployment's links main may open in the system browser, named (main reads their URLs from the server). */
export const ExternalLinkSchema = z.enum(['helpVideo', 'documents', 'support']);

/** A language the portal speaks (never the pseudo-locale): the app's menus and dialogs follow the renderer's. */
export const DesktopLanguageSchema = z.enum(Object.keys(LANGUAGES) as [Language, ...Language[]]);

/** The token as the vault holds it; `persistent` is false when the OS keychain could not be reached. */
export const VaultTokenSchema = z.object({ token: z.string().nullable(), persistent: z.boolean() });
export type VaultToken = z.infer<typeof VaultTokenSchema>;

/** A trusted-device token as the server hands it out: 32 random bytes, base64url. */
const DeviceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const NoInput = z.undefined();
const Done = z.null();

const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

/**
 * Every renderer → main call of the desktop bridge: channel name to input and output schema. Main parses the input
 * as `unknown` through `input` before a handler runs; the preload's functions are typed from the same map.
 */
/** How main's Microsoft sign-in ended: the callback's `code` + `state` (+ `iss`), or its `error`; all null when closed. */
export const MicrosoftAnswerSchema = z.object({
  code: z.string().max(4096).nullable(),
  state: z.string().max(200).nullable().default(null),
  iss: z.string().max(2000).nullable().default(null),
  error: z.string().max(100).nullable().default(null),
  errorDescription: z.string().max(300).nullable().default(null),
});
export type MicrosoftAnswer = z.infer<typeof MicrosoftAnswerSchema>;

/**
 * How main's passkey sign-in in the system browser ended: the server's single-use code and the PKCE verifier to redeem
 * it with (`passkeyDesktopLogin`), or the page's `error` (cancelled); all null when nothing came back in time.
 */
export const PasskeyBrowserAnswerSchema = z.object({
  code: z.string().max(2048).nullable(),
  codeVerifier: z.string().max(128).nullable(),
  error: z.string().max(100).nullable(),
});
export type PasskeyBrowserAnswer = z.infer<typeof PasskeyBrowserAnswerSchema>;

/**
 * How main's company sign-in in the system browser ended: the portal's single-use hand-off and the PKCE verifier that
 * redeems it (`ssoLogin`); both null when nothing came back in time.
 */
export const CompanyBrowserAnswerSchema = z.object({
  handoff: z.string().max(128).nullable(),
  codeVerifier: z.string().max(128).nullable(),
});
export type CompanyBrowserAnswer = z.infer<typeof CompanyBrowserAnswerSchema>;

export const BRIDGE_CHANNELS = {
  /** The stored token (keychain, or memory when the keychain is unreachable) and whether it will survive a restart. */
  'vault:get-token': channel(NoInput, VaultTokenSchema),
  /** Stores the session token; answers whether it went to the keychain. */
  'vault:set-token': channel(z.object({ token: z.string().min(1).max(8192) }), z.object({ persistent: z.boolean() })),
  /** Forgets the token (logout). */
  'vault:clear': channel(NoInput, Done),
  /** The trusted-device token ("Don't ask again on this device for 30 days"), sent in the socket handshake; kept across logouts. */
  'vault:get-device-token': channel(NoInput, VaultTokenSchema),
  /** Stores the trusted-device token `/device-trust` returned to the app; answers whether it went to the keychain. */
  'vault:set-device-token': channel(z.object({ token: DeviceTokenSchema }), z.object({ persistent: z.boolean() })),
  /**
   * Runs Microsoft sign-in at the server's /auth/ms/login: a 400x600 popup, or the system browser with a loopback
   * redirect where the provider refuses an embedded window. `code` and `state` (and `iss`), or the provider's `error`;
   * all null when closed by hand.
   */
  'auth:microsoft-popup': channel(z.object({ url: z.string().url().max(2048) }), MicrosoftAnswerSchema),
  /** Runs the passkey ceremony in the system browser on the server's /desktop-passkey page (RFC 8252 loopback, PKCE). */
  'auth:passkey-browser': channel(NoInput, PasskeyBrowserAnswerSchema),
  /** Runs a company's own sign-in in the system browser from the portal's `/{orgId}/sso` (RFC 8252 loopback, PKCE). */
  'auth:company-browser': channel(z.object({ path: z.string().min(1).max(700) }), CompanyBrowserAnswerSchema),
  /** The updater's current state. */
  'updates:get-state': channel(NoInput, UpdateStateSchema),
  /** Checks the feed now; answers the state after the check started. */
  'updates:check': channel(NoInput, UpdateStateSchema),
  /** Quits and installs the downloaded version (only when the state is ready). */
  'updates:restart': channel(NoInput, Done),
  /** Version, flavor, runtime and server origin of this app. */
  'app:build-info': channel(NoInput, BuildInfoSchema),
  /** Opens a product for an organization: in the app's window (chat / tracker) or in the system browser. */
  'products:launch': channel(
    z.object({ product: ProductKeySchema, orgId: z.string().min(1).max(64) }),
    z.object({ openedIn: z.enum(['app-window', 'browser']) }),
  ),
  /** The remembered Light/Dark choice (main applies it to the window before the renderer loads: no flash). */
  'settings:get-theme': channel(NoInput, ThemeChoiceSchema),
  /** Remembers a Light/Dark choice and applies it to every window. */
  'settings:set-theme': channel(z.object({ theme: ThemeChoiceSchema }), Done),
  /** Opens the help video, documents or support link of the server's configuration; `opened` is false when it has none. */
  'links:open': channel(z.object({ link: ExternalLinkSchema }), z.object({ opened: z.boolean() })),
  /** The language the renderer shows: main's menus, dialogs and pages follow it (the menu is rebuilt). */
  'app:set-language': channel(z.object({ language: DesktopLanguageSchema }), Done),
} as const satisfies Record<BridgeChannelName, { input: z.ZodType; output: z.ZodType }>;

export type BridgeChannel = keyof typeof BRIDGE_CHANNELS;
export type BridgeInput<C extends BridgeChannel> = z.infer<(typeof BRIDGE_CHANNELS)[C]['input']>;
export type BridgeOutput<C extends BridgeChannel> = z.infer<(typeof BRIDGE_CHANNELS)[C]['output']>;

/** Main → renderer events: channel name to payload schema. */
export const BRIDGE_EVENTS = {
  /** The updater's state changed. */
  'updates:state-changed': UpdateStateSchema,
} as const;
export type BridgeEvent = keyof typeof BRIDGE_EVENTS;
export type BridgeEventPayload<E extends BridgeEvent> = z.infer<(typeof BRIDGE_EVENTS)[E]>;
