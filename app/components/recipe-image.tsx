import { useEffect, useRef, type ImgHTMLAttributes } from "react";

export const RECIPE_FALLBACK_IMAGE = "/images/recipe-fallback.svg";

type RecipeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null;
  /** the screen's main picture (its largest paint): fetched before the scripts rather than after */
  priority?: boolean;
};

/** A recipe's picture; the app's fallback picture when it has none or it fails to load. */
export function RecipeImage({ src, alt = "", priority = false, ...props }: RecipeImageProps) {
  const image = useRef<HTMLImageElement>(null);
  const showFallback = (element: HTMLImageElement) => {
    if (!element.src.endsWith(RECIPE_FALLBACK_IMAGE)) element.src = RECIPE_FALLBACK_IMAGE;
  };
  // A picture can fail before React hydrates and listens, so check once after mounting too.
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) showFallback(element);
  }, []);
  // React 18 does not know fetchPriority and would warn about it; the lowercase attribute reaches the HTML as is.
  const hint = priority ? { fetchpriority: "high" } : {};
  return (
    <img
      ref={image}
      src={src || RECIPE_FALLBACK_IMAGE}
      alt={alt}
      onError={(event) => showFallback(event.currentTarget)}
      {...hint}
      {...props}
    />
  );
}
