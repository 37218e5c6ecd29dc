import type { CatalogueReader } from "@core/content/catalogue";
import type { Page } from "@core/content/page";
import {
  artistToDocument,
  INDEX_SETTINGS,
  mixtapeToDocument,
  postToDocument,
  type TaxonDocument,
} from "@worker/content/meilisearch/documents";
import type { EnqueuedTaskPromise, Meilisearch, Settings, Task } from "meilisearch";

/** docs/product.md section 9: documents go to Meilisearch 1000 at a time. */
export const BATCH_SIZE = 1000;

type IndexUid = keyof typeof INDEX_SETTINGS;
const INDEXES = Object.keys(INDEX_SETTINGS) as IndexUid[];

/** A fresh index of a sync: the live name, an underscore and the sync's timestamp. */
const FRESH = new RegExp(`^(${INDEXES.join("|")})_\\d+$`);

/** What a sync reads: the published lists of the content source. */
export type SyncSource = Pick<
  CatalogueReader,
  "listPosts" | "listMixtapes" | "listGenres" | "listLocations" | "listArtists"
>;

async function everything<T>(list: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const result = await list(page);
    out.push(...result.items);
    if (page >= result.pageCount || result.items.length === 0) return out;
  }
}

export interface SyncReport {
  /** The live index. */
  index: string;
  /** The fresh index that was filled and swapped in. */
  filledAs: string;
  documents: number;
  batches: number;
  /** false on the first run: there was no live index, the fresh one was renamed to it. */
  replaced: boolean;
}

export interface SyncOptions {
  /** The fresh indexes' suffix (default: the time in ms). */
  stamp?: string;
  /** Longest wait for one task, in ms (default 60 s: a big batch takes a while to index). */
  taskTimeoutMs?: number;
}

/** Every published document of each index, from the content source's lists. */
export async function readDocuments(store: SyncSource): Promise<Record<IndexUid, object[]>> {
  const [posts, mixtapes, genres, locations, artists] = await Promise.all([
    everything((page) => store.listPosts({ page, pageSize: 100 })),
    everything((page) => store.listMixtapes({ page, pageSize: 100 })),
    store.listGenres(),
    store.listLocations(),
    everything((page) => store.listArtists({ page, pageSize: 100 })),
  ]);
  return {
    "blog-post": posts.map(postToDocument),
    mixtape: mixtapes.map(mixtapeToDocument),
    artist: artists.map(artistToDocument),
    genre: genres.map((g): TaxonDocument => ({ id: g.slug, name: g.name, slug: g.slug })),
    location: locations.map((l): TaxonDocument => ({ id: l.slug, name: l.name, slug: l.slug, type: l.type })),
  };
}

/**
 * Rebuilds the five indexes so they hold exactly the published content (docs/decisions/036):
 * each is filled as a fresh index (`blog-post_<stamp>`, …) with the settings of INDEX_SETTINGS
 * and every document in batches of 1000, every task waited for and checked; then one
 * `POST /swap-indexes` puts all four in place at once (atomic, so searches never see a half
 * filled or half swapped set), and the old indexes, now under the fresh names, are deleted.
 * A live index that does not exist yet (first run) is made by renaming (`rename: true`).
 * Fresh indexes a stopped earlier run left behind are deleted first; on a failure before the
 * swap this run's fresh indexes are deleted and the live ones are untouched.
 */
export async function syncSearch(
  store: SyncSource,
  client: Meilisearch,
  { stamp = String(Date.now()), taskTimeoutMs = 60_000 }: SyncOptions = {},
): Promise<SyncReport[]> {
  const settled = async (pending: EnqueuedTaskPromise, what: string): Promise<Task> => {
    const task = await pending.waitTask({ timeout: taskTimeoutMs });
    if (task.status !== "succeeded") {
      throw new Error(
        `Meilisearch task ${task.uid} (${what}) ended ${task.status}: ${task.error?.message ?? ""}`,
      );
    }
    return task;
  };
  const documents = await readDocuments(store);

  const { results } = await client.getRawIndexes({ limit: 1000 });
  const live = new Set(results.map((r) => r.uid));
  for (const leftover of results.filter((r) => FRESH.test(r.uid))) {
    await settled(client.deleteIndex(leftover.uid), `delete the leftover ${leftover.uid}`);
  }

  const reports: SyncReport[] = [];
  try {
    for (const uid of INDEXES) {
      const fresh = `${uid}_${stamp}`;
      reports.push({ index: uid, filledAs: fresh, documents: 0, batches: 0, replaced: live.has(uid) });
      await settled(client.createIndex(fresh, { primaryKey: "id" }), `create ${fresh}`);
      await settled(
        client.index(fresh).updateSettings(INDEX_SETTINGS[uid] as unknown as Settings),
        `settings of ${fresh}`,
      );
      const docs = documents[uid] as Record<string, unknown>[];
      const batches = client.index(fresh).addDocumentsInBatches(docs, BATCH_SIZE);
      for (const batch of batches) await settled(batch, `documents for ${fresh}`);
      Object.assign(reports[reports.length - 1] as SyncReport, {
        documents: docs.length,
        batches: batches.length,
      });
    }
    await settled(
      client.swapIndexes(
        reports.map((r) =>
          r.replaced
            ? { indexes: [r.index, r.filledAs], rename: false }
            : { indexes: [r.filledAs, r.index], rename: true },
        ),
      ),
      "swap",
    );
  } catch (error) {
    for (const r of reports) {
      await client
        .deleteIndex(r.filledAs)
        .waitTask({ timeout: taskTimeoutMs })
        .catch(() => undefined);
    }
    throw error;
  }
  // After the swap the fresh names hold the old documents.
  for (const r of reports.filter((r) => r.replaced)) {
    await settled(client.deleteIndex(r.filledAs), `delete the old ${r.index}`);
  }
  return reports;
}
