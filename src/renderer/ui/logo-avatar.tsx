import { useState } from 'react';

/**
 * An organization's logo, or its first letter when there is no logo or it fails to load. The image's alt text
 * is the company name; the letter is decorative because the name is always shown beside it.
 */
export function LogoAvatar({ name, src, size = 'medium' }: { name: string; src: string | null; size?: 'medium' | 'large' }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span className={`logo-avatar logo-avatar-${size}`}>
      {showImage ? (
        <img src={src ?? undefined} alt={name} onError={() => setFailedSrc(src)} />
      ) : (
        <span className="logo-avatar-letter" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
    </span>
  );
}
