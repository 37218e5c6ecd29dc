import { coverOrPlaceholder } from "../lib/images";

interface CoverProps {
  src: string | null | undefined;
  alt: string;
  size?: number;
  /** Above-the-fold covers load eagerly; everything else waits for the viewport. */
  eager?: boolean;
  className?: string;
}

/** Square cover art with reserved dimensions, so nothing shifts while it loads. */
export function Cover({ src, alt, size = 600, eager = false, className }: CoverProps) {
  return (
    <img
      src={coverOrPlaceholder(src)}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className ? `cover ${className}` : "cover"}
    />
  );
}
