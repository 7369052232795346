/** The interface constants of spec section 9, word for word, for the renderer's kit and any product that shares it. */

/** Toast and error timeout. */
export const TOAST_TIMEOUT_MS = 5000;
/** The shorter auto-close the spec gives one toast: the copy-link confirmation (see src/renderer/ui/README.md). */
export const TOAST_AUTO_CLOSE_MS = 3000;

/** A tag's title is cut at 30 characters. */
export const TAG_TITLE_MAX = 30;

/** Search fires when cleared or at 2 or more characters, 500 ms after the last key (1000 ms for tickets). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 500;
export const TICKET_SEARCH_DEBOUNCE_MS = 1000;

/** Tooltips open after 500 ms. */
export const TOOLTIP_DELAY_MS = 500;

/**
 * Tables: pages count from 1; the page-size options 20, 40, 60, 80, 100; every list opens at 40. The spec also names a
 * default of 25 "in one place", which is not among its own options: one default, in the options, for every list
 * (issue 24), and the server refuses any size outside them.
 */
export const FIRST_PAGE = 1;
export const PAGE_SIZE_OPTIONS = [20, 40, 60, 80, 100] as const;
export const DEFAULT_PAGE_SIZE = 40;

/** A modal is at most 660 px wide. */
export const MODAL_MAX_WIDTH = 660;

/** File upload: by default 1 file of at most 3 MB. */
export const UPLOAD_MAX_FILES = 1;
export const UPLOAD_MAX_MEGABYTES = 3;
/**
 * The same two as one object. The renderer reads the numbers above: this module is in /login's shell chunk, where a
 * number a lazy screen reads is inlined into that screen, but an object stays behind as an export /login loads.
 */
export const UPLOAD_DEFAULTS = { maxFiles: UPLOAD_MAX_FILES, maxMegabytes: UPLOAD_MAX_MEGABYTES } as const;

/** Generated ids: 24 lowercase hex characters by default. */
export const GENERATED_ID_LENGTH = 24;

/** Viewport widths: mobile, tablet, landscape tablet. */
export const VIEWPORT_WIDTHS = { mobile: 576, tablet: 768, landscapeTablet: 1024 } as const;
