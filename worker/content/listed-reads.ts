import {
  type CoreItem,
  type FieldsOf,
  LISTED_KINDS,
  type ListedKind,
  type ListedKinds,
  type ListedReads,
  type PlainKind,
} from "@core/content/catalogue";
import type { ListFilter, Page } from "@core/content/page";

/**
 * The listed kinds' reads of an adapter (core/content/catalogue.ts LISTED_KINDS,
 * docs/decisions/138-core-reads-of-listed-kinds.md): each kind's core reads, derived from its
 * listing, unless the adapter's one map of own reads names it. `C` is what the adapter reads
 * through (a D1 database, a CMS client).
 */

/** A kind's two reads through `C`. */
export interface KindReads<C, T> {
  list(c: C, filter?: ListFilter): Promise<Page<T>>;
  get(c: C, slugOrId: string): Promise<T | null>;
}

/**
 * An adapter's reads of its own: required for every kind the core reads cannot answer in full
 * (PlainKind), so a kind with a tracklist or joins cannot be left to them by mistake.
 */
export type OwnReads<C> = {
  [K in Exclude<ListedKind, PlainKind>]: KindReads<C, ListedKinds[K]>;
} & {
  [K in PlainKind]?: KindReads<C, ListedKinds[K]>;
};

/** An adapter's core reads of any listed kind. */
export type CoreReads<C> = <K extends ListedKind>(kind: K) => KindReads<C, CoreItem<FieldsOf<K>>>;

/** `list<Kind>s` and `get<Kind>` of every listed kind, read through `c`. */
export function listedReads<C>(c: C, own: OwnReads<C>, core: CoreReads<C>): ListedReads {
  const out: Record<string, unknown> = {};
  for (const kind of Object.keys(LISTED_KINDS) as ListedKind[]) {
    // OwnReads leaves out only the plain kinds, whose CoreItem is their whole type.
    const reads = (own[kind] ?? core(kind)) as KindReads<C, unknown>;
    out[`list${kind}s`] = (filter?: ListFilter) => reads.list(c, filter);
    out[`get${kind}`] = (slugOrId: string) => reads.get(c, slugOrId);
  }
  // Every key of LISTED_KINDS got both methods, each of the type ListedReads states.
  return out as ListedReads;
}
