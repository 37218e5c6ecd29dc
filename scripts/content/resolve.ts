/**
 * Validated items → the catalogue records of scripts/content/types.ts, with ids: the file's
 * `id` when it has one, else the id the database already gives that slug (aggregated posts:
 * that original_url), else the next free id. A file whose id the database gives another slug is
 * that item renamed, for the kinds that keep former slugs. Slugs of other kinds (genres, locations, artists)
 * resolve to the files' items first, then to the database's. Each kind's records are built by
 * its file in scripts/content/kinds/, in the load order of kinds/list.ts.
 */

import type { AnyContentKind, ResolveContext } from "./kinds/kind";
import { CONTENT_KINDS } from "./kinds/list";
import { joinText } from "./markdown";
import { emptyByKind, type Kind, type Parsed, type ParsedContent } from "./parse";
import type { ContentProblem } from "./schema";
import type { Catalogue } from "./types";

/** What the database holds already: for each kind, every row's id and key (slug or original_url). */
export type KnownRows = Record<Kind, Array<{ id: number; key: string }>>;

export const NO_ROWS: KnownRows = emptyByKind();

/**
 * The ids of a kind's items; `renamed` gets the old slug of each file whose id the database gives
 * another slug, when the kind `renames` (else that is a problem). A renamed item's old slug is
 * free for another file, which then is a new item.
 */
function assignIds<T extends { file: string; front: { id: number | null } }>(
  kind: Kind,
  items: T[],
  keyOf: (item: T) => string,
  what: string,
  known: KnownRows,
  problems: ContentProblem[],
  renames: boolean,
  renamed: Map<string, string>,
): number[] {
  const byKey = new Map(known[kind].map((r) => [r.key, r.id]));
  const byId = new Map(known[kind].map((r) => [r.id, r.key]));
  const taken = new Set(known[kind].map((r) => r.id));
  if (renames) {
    for (const item of items) {
      const id = item.front.id;
      const owner = id === null ? undefined : byId.get(id);
      if (owner === undefined || owner === keyOf(item)) continue;
      renamed.set(item.file, owner);
      if (byKey.get(owner) === id) byKey.delete(owner);
    }
  }
  const seenKeys = new Map<string, string>();
  const seenIds = new Map<number, string>();
  for (const item of items) {
    const key = keyOf(item);
    const other = seenKeys.get(key);
    if (other) problems.push({ file: item.file, field: what, message: `'${key}' is also ${other}'s` });
    seenKeys.set(key, item.file);
    const id = item.front.id;
    if (id === null) continue;
    const twin = seenIds.get(id);
    if (twin) problems.push({ file: item.file, field: "id", message: `${id} is also the id of ${twin}` });
    seenIds.set(id, item.file);
    taken.add(id);
    const stored = byKey.get(key);
    if (stored !== undefined && stored !== id) {
      problems.push({
        file: item.file,
        field: "id",
        message: `is ${id}, but the database has ${what} '${key}' as id ${stored} (leave id out, or write ${stored})`,
      });
    }
    const owner = byId.get(id);
    if (owner !== undefined && owner !== key && !renamed.has(item.file)) {
      problems.push({
        file: item.file,
        field: "id",
        message: `${id} belongs to ${what} '${owner}' in the database; leave id out to get a new one`,
      });
    }
  }
  let next = Math.max(0, ...taken) + 1;
  return items.map((item) => item.front.id ?? byKey.get(keyOf(item)) ?? next++);
}

/** Items with their ids, in id order (the order the database lists them in). */
function byId<T>(items: T[], ids: number[]): Array<[T, number]> {
  return items.map((item, i) => [item, ids[i] as number] as [T, number]).sort((a, b) => a[1] - b[1]);
}

/** The catalogue the files describe, every id settled; problems for conflicts and bad references. */
export function resolveContent(
  content: ParsedContent,
  known: KnownRows = NO_ROWS,
  options: { referencesFromFilesOnly?: boolean } = {},
): { catalogue: Catalogue; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  /** Each loaded kind's slugs and ids: the database's, then the files' over them. */
  const bySlug = new Map<string, Map<string, number>>();
  const ids = (folder: string) => bySlug.get(folder) ?? new Map<string, number>();
  const noSuch = (item: Parsed<unknown>, field: string, slug: string, folder: string) =>
    problems.push({
      file: item.file,
      field,
      message: `'${slug}' is no ${folder.slice(0, -1)} (no file ${folder}/${slug}.md, none in the database)`,
    });
  const refs: ResolveContext["refs"] = (item, field, slugs, folder) => {
    const out: number[] = [];
    slugs.forEach((slug, i) => {
      const id = ids(folder).get(slug);
      if (id === undefined) noSuch(item, `${field}[${i}]`, slug, folder);
      else out.push(id);
    });
    return out;
  };
  const entryRefs: ResolveContext["entryRefs"] = (item, field, list, of) =>
    list.flatMap((t, i) => {
      const { entry, slugs } = of(t, i);
      return refs(item, `${field}[${i}].artists`, slugs, "artists").map((artist_id) => ({
        entry,
        artist_id,
      }));
    });
  /** Each renamed file's old slug (its id's in the database). */
  const renamed = new Map<string, string>();
  const ctx = (kind: AnyContentKind): ResolveContext => ({
    problems,
    refs,
    ref(item, field, slug, folder) {
      const id = slug === null ? null : (ids(folder).get(slug) ?? null);
      if (slug !== null && id === null) noSuch(item, field, slug, folder);
      return id;
    },
    entryRefs,
    credits: (item, named, field, list, entryOf) => ({
      artist_ids: refs(item, "artists", named, "artists"),
      track_artists: entryRefs(item, field, list, (t, i) => ({ entry: entryOf(t, i), slugs: t.artists })),
    }),
    body: (item) => (kind.body?.as === "document" ? item.document : joinText(item.paragraphs)),
    formerSlugs: (item, listed) => {
      const old = renamed.get(item.file);
      return old === undefined || listed.includes(old) ? listed : [...listed, old];
    },
  });

  const catalogue: Record<string, unknown[]> = {};
  for (const kind of CONTENT_KINDS as readonly AnyContentKind[]) {
    const folder = kind.folder as Kind;
    const items = content[folder] as Parsed<{ id: number | null }>[];
    const keyOf = kind.keyOf ?? ((item: Parsed<unknown>) => item.slug);
    const assigned = assignIds(
      folder,
      items,
      keyOf,
      kind.keyColumn ?? "slug",
      known,
      problems,
      kind.renames === true,
      renamed,
    );
    const settled = byId(items, assigned);
    const records = kind.resolve(settled, ctx(kind)) as Array<{ id: number; slug?: string }>;
    catalogue[kind.key] = records;
    // With --prune the files are the whole catalogue: an item only the database has is going.
    const stored = options.referencesFromFilesOnly ? [] : known[folder].map((r) => [r.key, r.id] as const);
    bySlug.set(
      folder,
      new Map([
        ...stored,
        ...records.flatMap((r) => (r.slug === undefined ? [] : [[r.slug, r.id] as const])),
      ]),
    );
  }
  return { catalogue: catalogue as unknown as Catalogue, problems };
}
