/**
 * Embedded web views of mobile apps: Facebook, Instagram, LINE, LinkedIn, WeChat, Snapchat, TikTok, X/Twitter, the
 * Google app, Android's WebView ("; wv)"), and iOS web views (an iPhone or iPad user agent without "Safari/").
 */
const IN_APP_BROWSER = /FBAN|FBAV|FB_IAB|Instagram|\bLine\/|LinkedInApp|MicroMessenger|Snapchat|musical_ly|BytedanceWebview|TwitterAndroid|\bTwitter for|\bGSA\/|; wv\)/i;
export const IOS_DEVICE = /iPhone|iPad|iPod/i;

/**
 * A browser embedded in a mobile app (spec section 2: sign-up links are hidden there, and only there). The renderer
 * asks it of `navigator.userAgent`; the server of the request's, for /login's prerendered page.
 */
export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSER.test(userAgent) || (IOS_DEVICE.test(userAgent) && !/Safari\//.test(userAgent));
}
