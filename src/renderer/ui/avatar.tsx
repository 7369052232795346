import { useState } from 'react';
import './avatar.css';

/** The image requested when an avatar has no image, or its image fails to load (spec section 3). */
export const AVATAR_FALLBACK_SRC = '/avatar-fallback.svg';

export interface AvatarProps {
  /** Whose avatar: the image's alternative text. */
  name: string;
  /** The image URL; without one the fallback image shows. */
  image?: string | null;
  /** Width (and height) in CSS pixels; spec section 3: default 40. */
  width?: number;
  className?: string;
}

/** A person's or a company's picture, square, `width` wide; a failed image is replaced by the fallback image. */
export function Avatar({ name, image, width = 40, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = image && failed !== image ? image : AVATAR_FALLBACK_SRC;
  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={src}
      alt={name}
      width={width}
      height={width}
      // Only a failed own image falls back; a failing fallback is left alone, so it cannot loop.
      onError={() => {
        if (image && src === image) setFailed(image);
      }}
    />
  );
}
