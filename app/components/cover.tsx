import { srcsetOf, storedImage, variantUrl } from "@core/media/images";
import { coverOrPlaceholder } from "../lib/images";

/**
 * Where a cover is drawn, and so the `sizes` a photo's `srcset` is chosen by: the widths
 * app/styles/app.css gives each place, with the container `min(1200px, 100% - 32px)`. A
 * browser picks the smallest variant at least that wide times its pixel ratio.
 */
export const COVER_SIZES = {
  /** A post's, release's, mixtape's or event's cover: the column beside the facts from 1024 px. */
  detail: "(min-width:1024px) 483px, 100vw",
  /** The home page's lead story. */
  hero: "(min-width:1024px) 530px, 100vw",
  /** A card of the card grid: columns of at least 280 px with 24 px between them. */
  card: "(min-width:1224px) 290px, (min-width:920px) 33vw, (min-width:616px) 50vw, 100vw",
  /** A tile of the home page's release and mixtape rows. */
  tile: "(min-width:1024px) 240px, (min-width:640px) 33vw, 50vw",
  /** An artist's portrait on their page. */
  portrait: "(min-width:1024px) 320px, 200px",
  /** An image in a post's body: the body's column, 70ch of its type. */
  body: "(min-width:744px) 680px, 100vw",
  thumb: "96px",
  result: "80px",
  avatar: "48px",
} as const;
export type CoverPlace = keyof typeof COVER_SIZES;

interface CoverProps {
  src: string | null | undefined;
  alt: string;
  /** Where it is drawn (COVER_SIZES): the photo's variants are chosen for that width. */
  place: CoverPlace;
  /** Its width attribute; the height follows the image's own shape. */
  size?: number;
  /** Above-the-fold covers load eagerly; everything else waits for the viewport. */
  eager?: boolean;
  /**
   * The page's largest image on a phone (its LCP element): loaded eagerly and asked for at a high
   * fetch priority, ahead of the scripts, as is React's preload of it, which carries the same
   * srcset and sizes (docs/decisions/047).
   */
  priority?: boolean;
  /** Drawn at the photo's own shape rather than the square (or card) the stylesheet crops to. */
  natural?: boolean;
  className?: string;
}

/**
 * Cover art with reserved dimensions, so nothing shifts while it loads. An uploaded photo
 * (`/media/img/…`, core/media/images.ts) comes as the variants of the ladder its place needs;
 * SVG art and other URLs as they are.
 */
export function Cover({
  src,
  alt,
  place,
  size = 600,
  eager = false,
  priority = false,
  natural = false,
  className,
}: CoverProps) {
  const url = coverOrPlaceholder(src);
  const image = storedImage(url);
  const classes = ["cover", image && natural ? "cover--natural" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <img
      src={image ? variantUrl(image, 480) : url}
      srcSet={image ? srcsetOf(image) : undefined}
      sizes={image ? COVER_SIZES[place] : undefined}
      alt={alt}
      width={size}
      height={image ? Math.max(1, Math.round((size * image.height) / image.width)) : size}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={classes}
    />
  );
}

/**
 * The cover of the card at `index` in a list page's grid: the first row of three loads eagerly,
 * and the first card's cover is the page's largest image on a phone (docs/decisions/047).
 */
export function CardCover({ src, index }: { src: string | null; index: number }) {
  return (
    <Cover
      src={src}
      alt=""
      place="card"
      size={400}
      eager={index < 3}
      priority={index === 0}
      className="card__cover"
    />
  );
}

/**
 * The cover at the top of a post's, release's, mixtape's or event's page: the page's largest
 * image on a phone, drawn at its own shape (docs/decisions/047, 139).
 */
export function DetailCover({
  src,
  alt,
  className = "detail__cover",
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  return <Cover src={src} alt={alt} place="detail" natural priority className={className} />;
}
