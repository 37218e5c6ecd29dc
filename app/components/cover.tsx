import { coverOrPlaceholder } from "../lib/images";

interface CoverProps {
  src: string | null | undefined;
  alt: string;
  size?: number;
  /** Above-the-fold covers load eagerly; everything else waits for the viewport. */
  eager?: boolean;
  /**
   * The page's largest image on a phone (its LCP element): loaded eagerly and asked for at a high
   * fetch priority, ahead of the scripts, as is React's preload of it (docs/decisions/047).
   */
  priority?: boolean;
  className?: string;
}

/** Square cover art with reserved dimensions, so nothing shifts while it loads. */
export function Cover({ src, alt, size = 600, eager = false, priority = false, className }: CoverProps) {
  return (
    <img
      src={coverOrPlaceholder(src)}
      alt={alt}
      width={size}
      height={size}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className ? `cover ${className}` : "cover"}
    />
  );
}

/**
 * The cover of the card at `index` in a list page's grid: the first row of three loads eagerly,
 * and the first card's cover is the page's largest image on a phone (docs/decisions/047).
 */
export function CardCover({ src, index }: { src: string | null; index: number }) {
  return (
    <Cover src={src} alt="" size={400} eager={index < 3} priority={index === 0} className="card__cover" />
  );
}
