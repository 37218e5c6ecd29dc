import type { CatalogueReader, DraftItems } from "@core/content/catalogue";
import type { PreviewKind } from "@core/content/preview";
import { getArtist } from "./artists";
import { getEvent } from "./events";
import { mixtapes } from "./mixtapes";
import { getPost } from "./posts";
import { releases } from "./releases";

/**
 * The detail reads a preview link opens (docs/decisions/154-signed-preview-links.md): each kind's
 * own read by slug, its status left out, so a draft (an embargoed item included) reads as its
 * page will show it once published.
 */
const DRAFT_READS: { [K in PreviewKind]: (db: D1Database, slug: string) => Promise<DraftItems[K] | null> } = {
  post: (db, slug) => getPost(db, slug, true),
  mixtape: (db, slug) => mixtapes.get(db, slug, true),
  release: (db, slug) => releases.get(db, slug, true),
  event: (db, slug) => getEvent(db, slug, true),
  artist: (db, slug) => getArtist(db, slug, true),
};

/** `getDraft` of the embedded store. */
export function d1Drafts(db: D1Database): CatalogueReader["getDraft"] {
  return (kind, slug) => DRAFT_READS[kind](db, slug) as Promise<DraftItems[typeof kind] | null>;
}

/** A draft as the desk lists it: what it is, its slug and title, and its time if scheduled. */
export interface DraftEntry {
  kind: PreviewKind;
  slug: string;
  title: string;
  /** When it goes live by itself (UTC), for a scheduled item (docs/decisions/153-scheduled-publishing.md). */
  due: string | null;
}

/** The tables of the kinds with a page, each with its (pub_status, …) index's second column. */
const DRAFT_TABLES: ReadonlyArray<{ kind: PreviewKind; table: string; title: string; order: string }> = [
  { kind: "post", table: "posts", title: "title", order: "post_date DESC" },
  { kind: "mixtape", table: "mixtapes", title: "title", order: "release_date DESC" },
  { kind: "release", table: "releases", title: "title", order: "release_date DESC" },
  { kind: "event", table: "events", title: "title", order: "starts_at" },
  { kind: "artist", table: "artists", title: "name", order: "name COLLATE NOCASE" },
];

/**
 * The drafts of each kind with a page, at most `perKind` of each (the newest first; events by
 * start, artists A–Z), each read through its table's (pub_status, …) index: the desk's list of
 * what can be previewed, whatever the catalogue's size.
 */
export async function listDrafts(db: D1Database, perKind = 50): Promise<DraftEntry[]> {
  const answers = await db.batch(
    DRAFT_TABLES.map((t) =>
      db
        .prepare(
          `SELECT slug, ${t.title} AS title, publish_due AS due FROM ${t.table}
           WHERE pub_status = 'draft' ORDER BY ${t.order} LIMIT ?1`,
        )
        .bind(perKind),
    ),
  );
  return DRAFT_TABLES.flatMap((t, i) =>
    ((answers[i]?.results ?? []) as Omit<DraftEntry, "kind">[]).map((row) => ({ kind: t.kind, ...row })),
  );
}
