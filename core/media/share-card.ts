/**
 * The picture a shared link shows (docs/decisions/140): a 1200 × 630 JPEG, which every network
 * draws, where the item's own image may be an SVG (which none draws) or a 3000 px photo. An
 * uploaded photo's card (the embedded store's or a CMS upload) is its `card.jpg` variant, cut by
 * the Images binding (worker/media/images.ts); SVG art in /media/covers/ has one rendered at
 * build (scripts/media/share-cards.ts). Any other URL is shared as it is, without a size.
 */
import { storedImage } from "./images";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface ShareCard {
  url: string;
  width?: number;
  height?: number;
}

export function shareCard(image: string): ShareCard {
  const photo = storedImage(image);
  const art = /^\/media\/covers\/([\w-]+)\.svg$/.exec(image);
  const url = photo ? `${photo.base}/card.jpg` : art ? `/media/covers/cards/${art[1]}.jpg` : null;
  return url ? { url, width: CARD_WIDTH, height: CARD_HEIGHT } : { url: image };
}
