import * as z from 'zod';
import { PRODUCT_KEYS, type ProductKey } from '../products';
import { ErrorCodeSchema } from './errors';

/** The HTTP calls of spec section 7, plus the portal's runtime configuration. Paths are fixed. */
export const HTTP_ROUTES = {
  /** POST: sign-in for a third-party application (OAuth style). */
  oauth2Login: '/oauth2/login',
  /** GET: name and logo of the third-party application of an authorize link. */
  oauth2AppInfo: '/oauth2/app-info',
  /** GET: opened in a 400 by 600 popup; starts Microsoft sign-in (query `binding`, and `loopback` from the desktop's system browser). */
  msLogin: '/auth/ms/login',
  /** The portal page Microsoft returns to with `code` and `state` (the redirect URI to register in Microsoft Entra). */
  msCallback: '/auth/ms/callback',
  /** GET: the portal's runtime configuration (product hosts, cookie domain). */
  portalConfig: '/portal-config.json',
} as const;

/** Every HTTP reply is `{data, error, code}`, like the socket envelope without the event name. */
export const httpEnvelope = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('code', [
    z.object({ data, error: z.null(), code: z.literal(200) }),
    z.object({ data: z.unknown(), error: z.string(), code: ErrorCodeSchema }),
  ]);

/** Where the menu's Support entry leads: a mail address or a web page. */
export const SupportContactSchema = z.union([z.object({ email: z.email() }), z.object({ url: z.url() })]);
export type SupportContact = z.infer<typeof SupportContactSchema>;

/** GET /portal-config.json: what the renderer needs to know about this deployment. */
export const PortalConfigSchema = z.object({
  productUrls: z.object(Object.fromEntries(PRODUCT_KEYS.map((key) => [key, z.string().url()])) as Record<ProductKey, z.ZodString>),
  /** The time-tracking host, where the track desktop app sends Project. */
  trackUrl: z.string().url(),
  cookieDomain: z.string().nullable(),
  publicUrl: z.string().url(),
  // Added with the menu: optional on the wire, so a desktop app and a server of different releases still agree.
  /** The menu's help video, Documents and Support; null hides the entry. */
  helpVideoUrl: z.url().nullable().default(null),
  documentsUrl: z.url().nullable().default(null),
  support: SupportContactSchema.nullable().default(null),
  /** Console logging starts switched off on this host (the production portal); null: on everywhere. */
  productionHost: z.string().nullable().default(null),
  /** Whether Microsoft sign-in is configured (MS_CLIENT_ID): without it the "Login With Microsoft" button is hidden. */
  microsoftSignIn: z.boolean().default(false),
});
export type PortalConfig = z.infer<typeof PortalConfigSchema>;
