import type { Rng } from "../content/random";
import type { PostCategory } from "../content/types";
import { CLOSINGS } from "./data/post-frames";
import { BODY, OPENINGS, QUOTE_LEADS, RECORD_BODY, SCENE_BODY } from "./data/post-prose";
import { QUOTES } from "./data/words";
import { type Context, fill } from "./fill";

/** 3-6 paragraphs of 2-4 sentences: opening first, closing last, nothing repeated. */
export function composeBody(rng: Rng, category: PostCategory, ctx: Context, opening?: string): string[] {
  const quotes = rng.shuffle(QUOTES);
  const leads = category === "interviews" ? rng.shuffle(QUOTE_LEADS) : [];
  const shared = category === "interviews" || category === "features" ? SCENE_BODY : RECORD_BODY;
  const pool = rng.shuffle([...BODY[category], ...shared]);
  const paragraphs: string[][] = [];
  const count = rng.int(3, 6);
  for (let p = 0; p < count; p++) {
    const size = rng.int(2, count > 4 ? 3 : 4);
    const sentences: string[] = [];
    if (p === 0) sentences.push(opening ?? fill(rng.pick(OPENINGS[category]), ctx, quotes));
    else if (leads.length > 0) sentences.push(fill(leads.shift() as string, ctx, quotes));
    // The last paragraph keeps a slot for the closing sentence.
    while (sentences.length < size - (p === count - 1 ? 1 : 0)) {
      const template = pool.shift();
      if (!template) break;
      sentences.push(fill(template, ctx, quotes));
    }
    paragraphs.push(sentences);
  }
  paragraphs[paragraphs.length - 1]?.push(fill(rng.pick(CLOSINGS[category]), ctx, quotes));
  return paragraphs.map((s) => s.join(" "));
}
