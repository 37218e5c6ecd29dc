import type { NewsletterAdmin, Picks } from "@core/content/newsletter";
import type { AnnouncementLog, Audience, Follows, RecipientRow } from "@worker/ops/announcement-log";

/**
 * Who an announcement goes to (docs/decisions/090-newsletter-picks.md): every confirmed,
 * unsuppressed subscriber, or only those among them who picked an artist or a genre of its items
 * (`Audience`, `Follows`: worker/ops/announcement-log.ts). The follows are worked out from the
 * items when the announcement is composed and kept with it.
 */

/** Whether there is anything to follow: an audience of followers needs an artist or a genre. */
export const hasFollows = (f: Follows) => f.artists.length > 0 || f.genres.length > 0;

/** The union of several items' artists and genres, sorted. */
export function followsOf(items: Follows[]): Follows {
  const all = (key: keyof Follows) => [...new Set(items.flatMap((i) => i[key]))].sort();
  return { artists: all("artists"), genres: all("genres") };
}

/** Whether a subscriber with these picks is in the audience. */
export function inAudience(audience: Audience, f: Follows, picks: Picks): boolean {
  if (audience === "everyone") return true;
  return picks.artists.some((a) => f.artists.includes(a)) || picks.genres.some((g) => f.genres.includes(g));
}

/**
 * Where the subscribers of an announcement come from (docs/decisions/097-announcements-in-cms-mode.md):
 * D1's own table, or the store that keeps them (Strapi, read through its API in pages). The send
 * log, the suppression list and the announcements are the operational store's, D1's in both modes.
 */
export interface Recipients {
  /** Writes the send log's rows of announcement `id` for its audience (a second call adds only those missing). */
  fill(id: number, audience: Audience, f: Follows, now: string): Promise<void>;
  /** How many subscribers the audience holds now. */
  size(audience: Audience, f: Follows): Promise<number>;
  /** The unsubscribe token of subscriber `id` while still confirmed at `email`, else null (left, or another person). */
  tokenOf(id: number, email: string): Promise<string | null>;
}

/** The subscribers of the embedded store: D1's table, which the send log's statements join. */
export function d1Recipients(log: AnnouncementLog): Recipients {
  return {
    fill: (id, _audience, _follows, now) => log.embedded.fill(id, now),
    size: (audience, f) => log.embedded.size(audience, f),
    tokenOf: (id, email) => log.embedded.tokenOf(id, email),
  };
}

/** Subscribers per page read from the store (its export's pages hold up to 1,000). */
const STORE_PAGE = 500;

/**
 * The subscribers of a store other than D1 (Strapi in CMS mode): its confirmed subscribers read by
 * id in pages through the export's endpoint, their picks matched here, the suppression list
 * applied in D1, one statement per page. `adminOf` makes the store for each call, so each page
 * gets a time budget of its own (a request's budget would not cover a long list).
 */
export function storeRecipients(log: AnnouncementLog, adminOf: () => NewsletterAdmin): Recipients {
  async function eachPage(audience: Audience, f: Follows, use: (rows: RecipientRow[]) => Promise<void>) {
    let after = 0;
    for (;;) {
      const page = await adminOf().listSubscribers(after, STORE_PAGE);
      if (!page.length) return;
      const rows = page
        .filter((s) => inAudience(audience, f, s.picks))
        .map((s) => ({ id: s.id, email: s.email }));
      if (rows.length) await use(rows);
      after = (page[page.length - 1] as { id: number }).id;
      if (page.length < STORE_PAGE) return;
    }
  }
  return {
    fill: (id, audience, f, now) => eachPage(audience, f, (rows) => log.addSends(id, rows, now)),
    async size(audience, f) {
      let n = 0;
      await eachPage(audience, f, async (rows) => {
        n += await log.countUnsuppressed(rows);
      });
      return n;
    },
    async tokenOf(id, email) {
      // The export's page of one that starts right below `id`: the subscriber, if still confirmed.
      const [found] = await adminOf().listSubscribers(id - 1, 1);
      return found?.id === id && found.email.toLowerCase() === email.toLowerCase()
        ? found.unsubscribeToken
        : null;
    },
  };
}
