import { useEffect, useRef, useState } from "react";

export const DEFAULT_AVATAR = "/images/default-avatar.svg";

/**
 * A user's picture, or the default one when there is none or it fails to load. A picture that failed before
 * the page became interactive is caught on mount; without JavaScript the default shows through from behind
 * (the frame's CSS background) and the broken picture, having no alt text, draws nothing.
 */
export function Avatar({ src, label, className }: { src: string | null; label: string; className?: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  useEffect(() => {
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  const shown = src && src !== failedSrc ? src : DEFAULT_AVATAR;
  return (
    <span className={className ? `avatar ${className}` : "avatar"} role="img" aria-label={label}>
      <img ref={image} src={shown} alt="" onError={() => setFailedSrc(src)} />
    </span>
  );
}
