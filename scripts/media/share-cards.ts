// The share card of each SVG cover in public/media/covers/: a 1200 × 630 JPEG, the art at full
// height over a dark, blurred wash of itself, in public/media/covers/cards/ (git-ignored, deployed
// with the site). Networks show no picture for an SVG (docs/decisions/140); rendering here, at
// build, keeps it off every request. A card newer than its SVG is kept, so only the first build
// after a change renders.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import type { Plugin } from "vite";
import { CARD_HEIGHT, CARD_WIDTH } from "../../core/media/share-card";
import { twoAtATime } from "../two-at-a-time";

export const COVERS = join(import.meta.dirname, "..", "..", "public", "media", "covers");

/** One SVG's card. */
export async function shareCardOf(svg: Buffer): Promise<Buffer> {
  const art = (await renderAsync(svg, { fitTo: { mode: "height", value: CARD_HEIGHT } })).asPng();
  // Blurred small and then enlarged: the same wash for a fraction of the work.
  const small = await sharp(art)
    .resize(48, 25, { fit: "cover" })
    .blur(1.5)
    .modulate({ brightness: 0.55 })
    .toBuffer();
  const wash = await sharp(small).resize(CARD_WIDTH, CARD_HEIGHT).toBuffer();
  return sharp(wash)
    .composite([{ input: art, gravity: "centre" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Renders the cards that are missing or older than their SVG; returns how many it rendered. */
export async function renderShareCards(covers = COVERS): Promise<number> {
  const out = join(covers, "cards");
  mkdirSync(out, { recursive: true });
  const stale = readdirSync(covers)
    .filter((f) => f.endsWith(".svg"))
    .map((name) => ({ svg: join(covers, name), card: join(out, name.replace(/\.svg$/, ".jpg")) }))
    .filter(({ svg, card }) => !existsSync(card) || statSync(card).mtimeMs < statSync(svg).mtimeMs);
  let rendered = 0;
  await twoAtATime(stale, async ({ svg, card }) => {
    writeFileSync(card, await shareCardOf(readFileSync(svg)));
    rendered++;
  });
  return rendered;
}

/** The build's (and the dev server's) step that renders them before public/ is copied. */
export function shareCards(): Plugin {
  let done = false;
  return {
    name: "crossfade:share-cards",
    async buildStart() {
      if (done) return;
      done = true;
      const started = Date.now();
      const rendered = await renderShareCards();
      if (rendered) this.info(`rendered ${rendered} share cards in ${Date.now() - started} ms`);
    },
  };
}
