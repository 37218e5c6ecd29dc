/**
 * What one kind of content is to the content folder (docs/decisions/137): its folder and front
 * matter, how its files resolve to catalogue records, how records are written back as files,
 * read out of D1 and upserted into it, its media fields, its rows for the seed's SQL and its
 * entries for the Strapi seed. Each kind's file beside this one fills it in; `list.ts` names them
 * in load order, and the generic code (parse.ts, resolve.ts, write.ts, d1.ts, media.ts,
 * sql/to-sql.ts, the Strapi seed) loops over that list. Pure TypeScript: sql/to-sql.ts runs in
 * workerd and the Strapi seed's bundle takes the seed part.
 */

import type * as v from "valibot";
import type { Document } from "../../../core/content/document";
import { type Fields, type OwnKeys, simpleFields } from "../../../core/content/kind";
import type { ContentProblem } from "../schema";

export type Row = Record<string, unknown>;

/** One validated content file (scripts/content/parse.ts). */
export interface Parsed<F> {
  /** Path inside the content directory, with '/' separators, e.g. 'posts/night-drive.md'. */
  file: string;
  /** The file's name without '.md' (or its folder's name for '<slug>/index.md'). */
  slug: string;
  front: F;
  /** The body's paragraphs as plain text (a kind whose body is text). */
  paragraphs: string[];
  /** The body as a document (a kind whose body is a document, core/content/document.ts). */
  document: Document;
}

/** A value of a seed row (scripts/content/sql/to-sql.ts writes it as a SQLite literal). */
export type SqlValue = string | number | boolean | null | undefined | object;

export interface TaxonRef {
  name: string;
  slug: string;
}

/** An artist linked to one entry of a list (a tracklist position, a release's track number). */
export interface EntryArtist {
  entry: number;
  artist_id: number;
}
export type Front = Record<string, unknown>;

/** A folder's items with their settled ids, in id order. */
export type Settled<F> = Array<[Parsed<F>, number]>;

/** What a kind's `resolve` may ask of the kinds loaded before it. */
export interface ResolveContext {
  problems: ContentProblem[];
  /** The ids of `slugs`, items of `folder` (files first, then the database); a problem for each unknown one. */
  refs(item: Parsed<unknown>, field: string, slugs: string[], folder: string): number[];
  /** The id of the one item of `folder` a field names (null for none); a problem when unknown. */
  ref(item: Parsed<unknown>, field: string, slug: string | null, folder: string): number | null;
  /** Per-entry artist references of a list (a tracklist, a release's tracks, a lineup). */
  entryRefs<T>(
    item: Parsed<unknown>,
    field: string,
    list: T[],
    of: (t: T, i: number) => { entry: number; slugs: string[] },
  ): EntryArtist[];
  /**
   * The artists an item credits (`named`, entry 0) and those each entry of its list credits
   * (`field`'s entries' `artists`, numbered by `entryOf`): a mixtape's tracklist, a release's tracks.
   */
  credits<T extends { artists: string[] }>(
    item: Parsed<unknown>,
    named: string[],
    field: string,
    list: T[],
    entryOf: (t: T, i: number) => number,
  ): { artist_ids: number[]; track_artists: EntryArtist[] };
  /** The item's body as its kind keeps it (`body`): its document, or its paragraphs' text. */
  body(item: Parsed<unknown>): Document | string;
  /**
   * The slugs the item had before, oldest first: its `former_slugs`, then the slug the database
   * has for its id when the file's name is another (a rename, docs/decisions/151-renamed-slugs-redirect.md).
   */
  formerSlugs(item: Parsed<unknown>, listed: string[]): string[];
}

/** What a kind's `toFront` may ask of the catalogue being written. */
export interface WriteContext {
  /** The slugs of ids of `folder`'s records (`unknown-<id>` for one not there). */
  slugs(folder: string, ids: number[]): string[];
  /** The slug of one id of `folder` (null for none or one not there). */
  slug(folder: string, id: number | null): string | null;
  /** The artist slugs one entry of a list links to. */
  entrySlugs(list: EntryArtist[], entry: number): string[];
}

/** What a kind's `upsert` writes with. */
export interface UpsertContext {
  /** Rows as multi-row INSERTs; with `conflictKey`, rows whose key exists are updated. */
  write(table: string, rows: Record<string, unknown>[], conflictKey?: string): void;
  /** Deletes the rows of `tables` owned (by `owner`) by those of `items` the database holds already. */
  replace(items: { id: number }[], owner: string, tables: string[]): void;
  /** The row as first written: a new published row as a draft, published after all kinds are written. */
  staged<T extends { id: number; pub_status: string }>(row: T): T;
  /** Artist credit rows, positions from 0 within each entry. */
  credits(owner: string, rows: Array<{ id: number; entry?: number; artist_id: number }>): Row[];
}

/** What a kind's `rows` adds the seed's rows with. */
export interface RowsContext {
  add(table: string, row: Record<string, SqlValue>): void;
  /** An item's artists in order (position from 0). */
  credit(table: string, owner: string, id: number, artistIds: number[]): void;
  /** An item's entry artists (entry 0: the item's own), positions from 0 within each entry. */
  entries(table: string, owner: string, id: number, list: EntryArtist[]): void;
}

/** What a kind's Strapi seed `data` may ask of the entries created before it (cms/src/seed/catalogue.js). */
export interface SeedContext {
  /** Rich-text paragraphs of plain texts. */
  paragraphs(texts: string[] | undefined): unknown[];
  /** The document id of the record `id` of catalogue list `key`. */
  doc(key: string, id: number | null | undefined): string | undefined;
  /** The document id of the record of catalogue list `key` with that slug. */
  docBySlug(key: string, slug: string): string | undefined;
  /** A document's images uploaded to Strapi, each with its alternative text and caption, by `src`. */
  figures(doc: Document): Promise<ReadonlyMap<string, object>>;
  /** The document ids of artists (ones not there left out). */
  artists(ids: number[] | undefined): string[];
  /** One component per entry, in entry order, with its artists' document ids. */
  entries(links: EntryArtist[] | undefined): Array<{ entry: number; artists: string[] }>;
}

/**
 * One kind of content: `F` its front matter, `R` its catalogue record. Load order matters: a
 * kind refers only to kinds listed before it.
 */
export interface ContentKind<Folder extends string, Key extends string, S extends v.GenericSchema, R> {
  /** The content folder, the key of its known rows and media path (`audio/<folder>/…`). */
  folder: Folder;
  /** The record list's name in the catalogue (scripts/content/types.ts). */
  key: Key;
  /** Its D1 table. */
  table: string;
  /** The column naming an item when it has no id: its slug, or (aggregated posts) another. */
  keyColumn?: string;
  /** The key of a parsed item, when not its slug. */
  keyOf?: (item: Parsed<v.InferOutput<S>>) => string;
  /**
   * Whether a known id under a new file name is a rename, its old slug kept as a former slug
   * (docs/decisions/151-renamed-slugs-redirect.md); otherwise it is refused.
   */
  renames?: boolean;
  /** Its front matter. */
  schema: S;
  /** Its definition in core/content/, for the Strapi seed's simple fields. */
  fields?: Fields;
  /** The record field the Markdown body fills, as a document or as plain text; none: no body. */
  body?: { column: string; as: "document" | "text" };
  /** Columns of its table naming a row of an earlier kind, set to NULL when that row is pruned. */
  nullOnDelete?: Partial<Record<string, string>>;
  /** Audio fields: a front matter key, or [list key, key inside each entry] (media.ts). */
  media?: Array<string | [string, string]>;
  /** Image fields: front matter keys a photo beside the file may fill (media.ts, images.ts). */
  images?: string[];
  resolve(items: Settled<v.InferOutput<S>>, ctx: ResolveContext): R[];
  /** The file name of a record (default its slug); `taken` holds the names given so far. */
  fileName?: (record: R, taken: ReadonlySet<string>) => string;
  /** A record's front matter (write.ts writes the body from `body`). */
  toFront(record: R, ctx: WriteContext): Front;
  /** SELECTs reading the records out of D1, and the records from their answers. */
  exportSql: string[];
  read(answers: Row[][]): R[];
  upsert(records: R[], ctx: UpsertContext): void;
  rows(record: R, ctx: RowsContext): void;
  /** Its Strapi content type and an entry's own fields (the simple ones come from `fields`). */
  seed: { uid: string; data(record: R, ctx: SeedContext): Promise<object> | object };
}

// biome-ignore lint/suspicious/noExplicitAny: any kind's descriptor, whatever its types
export type AnyContentKind = ContentKind<string, string, any, any>;

/** A kind's descriptor, its record type `R` given and the rest inferred. */
export const defineKind =
  <R>() =>
  <Folder extends string, Key extends string, S extends v.GenericSchema>(
    kind: ContentKind<Folder, Key, S, R>,
  ) =>
    kind;

/** The record type of a descriptor. */
export type RecordOf<K> = K extends { resolve: (...args: never[]) => Array<infer R> } ? R : never;
/** The front matter type of a descriptor. */
export type FrontOf<K> = K extends { schema: infer S extends v.GenericSchema } ? v.InferOutput<S> : never;

/** Null fields and empty lists left out: what a file does not write. */
export function drop(front: Front): Front {
  const out: Front = {};
  for (const [key, value] of Object.entries(front)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/**
 * A record's front matter in its kind's field order (core/content/kind.ts): the simple fields
 * as the record holds them, `own` the values of the fields the definition marks own.
 */
export function frontOf<F extends Fields>(
  fields: F,
  record: object,
  own: Record<OwnKeys<F>, unknown>,
): Front {
  const simple = new Set(simpleFields(fields).map(([column]) => column));
  const values = record as Front;
  const out: Front = {};
  for (const key of Object.keys(fields)) out[key] = simple.has(key) ? values[key] : (own as Front)[key];
  return out;
}

/**
 * Record fields in the column order of migrations/0001_catalogue.sql (the generator's order), so
 * the seed's SQL and the Strapi seed's JSON come out the same whether made from files or not;
 * then any field `order` does not name (a column added later), as they come.
 */
export function ordered<T extends object>(order: string, record: T): T {
  const out: Record<string, unknown> = {};
  for (const key of order.split(" ")) out[key] = (record as Record<string, unknown>)[key];
  for (const [key, value] of Object.entries(record)) if (!(key in out)) out[key] = value;
  return out as T;
}

/** A JSON column's value, or `fallback` when empty or not JSON. */
export const json = <T>(text: unknown, fallback: T): T => {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
/** A 0/1 column as a boolean. */
export const flag = (value: unknown) => value === 1 || value === true;

// Join rows are listed in insertion (rowid) order: the order of the file they came from.
/** A join table's column for the row `alias` as a JSON list named `<column>s`. */
export const IDS = (table: string, column: string, owner: string, alias: string) =>
  `(SELECT json_group_array(${column}) FROM (SELECT ${column} FROM ${table} WHERE ${owner} = ${alias}.id ORDER BY rowid)) AS ${column}s`;

/**
 * An item's former slugs (its `redirects` table's rows, migrations/0017_slug_redirects.sql), oldest
 * first, as a JSON list named former_slugs.
 */
export const FORMER_SLUGS = (redirects: string, owner: string, alias: string) =>
  `(SELECT json_group_array(old_slug) FROM (SELECT old_slug FROM ${redirects} WHERE ${owner} = ${alias}.id ORDER BY rowid)) AS former_slugs`;

/**
 * The redirect rows of records, to write with `old_slug` as the conflict key: a former slug
 * moves to the item that names it now.
 */
export const redirectRows = (records: Array<{ id: number; former_slugs: string[] }>, owner: string) =>
  records.flatMap((r) => r.former_slugs.map((old_slug) => ({ old_slug, [owner]: r.id })));

/** An item's artists (entry 0, in order) as artist_ids. */
export const ARTIST_IDS = (table: string, owner: string, alias: string, entry = "") =>
  `(SELECT json_group_array(artist_id) FROM (SELECT artist_id FROM ${table} WHERE ${owner} = ${alias}.id${entry ? " AND entry = 0" : ""} ORDER BY position, rowid)) AS artist_ids`;
/** An item's entries' artists as `{entry, artist_id}` JSON. */
export const ENTRY_ARTISTS = (table: string, owner: string, alias: string, as: string) =>
  `(SELECT json_group_array(json_object('entry', entry, 'artist_id', artist_id)) FROM (SELECT entry, artist_id FROM ${table} WHERE ${owner} = ${alias}.id AND entry > 0 ORDER BY entry, position, rowid)) AS ${as}`;

/** A stored link: an artist's, a release's purchase link. */
interface StoredLink {
  id: number;
  position: number;
  platform: string;
  custom_platform_name: string | null;
  url: string;
}

/** Links in position order, as Strapi's link components take them. */
export const linksSeed = (links: StoredLink[]) =>
  [...links]
    .sort((x, y) => x.position - y.position || x.id - y.id)
    .map((l) => ({ platform: l.platform, custom_platform_name: l.custom_platform_name, url: l.url }));

/** The same links as front matter: an empty custom name is left out. */
export const linksFront = (links: StoredLink[]) => linksSeed(links).map((l) => drop(l));

/**
 * The credit rows of items with their own artists (entry 0) and their entries' artists (a
 * mixtape's tracklist, a release's tracks), for `UpsertContext.credits`.
 */
export const entryCredits = (
  records: Array<{ id: number; artist_ids: number[]; track_artists: EntryArtist[] }>,
) =>
  records.flatMap((r) => [
    ...r.artist_ids.map((artist_id) => ({ id: r.id, entry: 0, artist_id })),
    ...r.track_artists.map((e) => ({ id: r.id, ...e })),
  ]);
