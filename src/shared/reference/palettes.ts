/** A colour of a palette: the fill, and the text colour that reads on it (WCAG AA, 4.5:1, checked in the tests). */
export interface PaletteColor {
  name: string;
  background: string;
  foreground: string;
}

/**
 * Spec section 3: colour palettes. `TAG_PALETTE` colours tags, avatars and calendar entries (strong fills with
 * white text); `SOFT_PALETTE` is the light version of the same hues for backgrounds, with dark text.
 */
export const TAG_PALETTE: readonly PaletteColor[] = [
  { name: 'Indigo', background: '#4338ca', foreground: '#ffffff' },
  { name: 'Blue', background: '#1d4ed8', foreground: '#ffffff' },
  { name: 'Sky', background: '#0369a1', foreground: '#ffffff' },
  { name: 'Teal', background: '#0f766e', foreground: '#ffffff' },
  { name: 'Green', background: '#15803d', foreground: '#ffffff' },
  { name: 'Olive', background: '#4d7c0f', foreground: '#ffffff' },
  { name: 'Amber', background: '#b45309', foreground: '#ffffff' },
  { name: 'Orange', background: '#c2410c', foreground: '#ffffff' },
  { name: 'Red', background: '#b91c1c', foreground: '#ffffff' },
  { name: 'Rose', background: '#be123c', foreground: '#ffffff' },
  { name: 'Purple', background: '#7e22ce', foreground: '#ffffff' },
  { name: 'Slate', background: '#475569', foreground: '#ffffff' },
];

export const SOFT_PALETTE: readonly PaletteColor[] = [
  { name: 'Indigo', background: '#e0e7ff', foreground: '#312e81' },
  { name: 'Blue', background: '#dbeafe', foreground: '#1e3a8a' },
  { name: 'Sky', background: '#e0f2fe', foreground: '#0c4a6e' },
  { name: 'Teal', background: '#ccfbf1', foreground: '#134e4a' },
  { name: 'Green', background: '#dcfce7', foreground: '#14532d' },
  { name: 'Olive', background: '#ecfccb', foreground: '#365314' },
  { name: 'Amber', background: '#fef3c7', foreground: '#78350f' },
  { name: 'Orange', background: '#ffedd5', foreground: '#7c2d12' },
  { name: 'Red', background: '#fee2e2', foreground: '#7f1d1d' },
  { name: 'Rose', background: '#ffe4e6', foreground: '#881337' },
  { name: 'Purple', background: '#f3e8ff', foreground: '#581c87' },
  { name: 'Slate', background: '#f1f5f9', foreground: '#0f172a' },
];

/** The same colour for the same text every time (a tag's title, a person's name): a stable pick from a palette. */
export function paletteColorFor(text: string, palette: readonly PaletteColor[] = TAG_PALETTE): PaletteColor {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}
