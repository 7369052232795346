import { TAG_TITLE_MAX } from '../../shared/limits';
import { paletteColorFor } from '../../shared/reference/palettes';
import './tag.css';

/** Spec section 9: a tag's title is cut at 30 characters (then an ellipsis). */
export function truncateTag(title: string, max = TAG_TITLE_MAX): string {
  const characters = [...title];
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : title;
}

/**
 * A tag: its title, cut at 30 characters, on a colour picked from the palette by the title. The full title is the
 * tooltip, and it is what a screen reader reads.
 */
export function Tag({ title }: { title: string }) {
  const shown = truncateTag(title);
  const color = paletteColorFor(title);
  return (
    <span className={`tag tag-${color.name.toLowerCase()}`} title={shown === title ? undefined : title}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
