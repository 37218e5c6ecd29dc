import type { CatalogueReader, Page } from "@core/content/types";
import {
  INDEX_SETTINGS,
  mixtapeToDocument,
  postToDocument,
  type TaxonDocument,
} from "@worker/content/meilisearch/documents";
import type { Meilisearch } from "meilisearch";

/** docs/product.md section 9: documents go to Meilisearch 1000 at a time. */
export const BATCH_SIZE = 1000;

async function everything<T>(list: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const result = await list(page);
    out.push(...result.items);
    if (page >= result.pageCount || result.items.length === 0) return out;
  }
}

export interface SyncReport {
  index: string;
  documents: number;
  batches: number;
}

/**
 * Creates the four indexes with their searchable, filterable and sortable attributes and pushes
 * every published document of the content source, in batches of 1000, waiting on each task with
 * the client's defaults (5000 ms, polled every 50 ms). Only published content is in the source's
 * lists, so drafts never reach the index.
 */
export async function syncSearch(store: CatalogueReader, client: Meilisearch): Promise<SyncReport[]> {
  const [posts, mixtapes, genres, locations] = await Promise.all([
    everything((page) => store.listPosts({ page, pageSize: 100 })),
    everything((page) => store.listMixtapes({ page, pageSize: 100 })),
    store.listGenres(),
    store.listLocations(),
  ]);
  const documents: Record<keyof typeof INDEX_SETTINGS, object[]> = {
    "blog-post": posts.map(postToDocument),
    mixtape: mixtapes.map(mixtapeToDocument),
    genre: genres.map((g): TaxonDocument => ({ id: g.slug, name: g.name, slug: g.slug })),
    location: locations.map((l): TaxonDocument => ({ id: l.slug, name: l.name, slug: l.slug, type: l.type })),
  };
  const reports: SyncReport[] = [];
  for (const [uid, settings] of Object.entries(INDEX_SETTINGS) as [keyof typeof INDEX_SETTINGS, object][]) {
    // An index that already exists makes this task fail, which is fine: the settings follow.
    await client.createIndex(uid, { primaryKey: "id" }).waitTask();
    await client.index(uid).updateSettings(settings).waitTask();
    const docs = documents[uid];
    const tasks = client.index(uid).addDocumentsInBatches(docs as Record<string, unknown>[], BATCH_SIZE);
    for (const task of tasks) {
      const done = await task.waitTask();
      if (done.status !== "succeeded") {
        throw new Error(
          `Meilisearch task ${done.uid} on ${uid} ended ${done.status}: ${done.error?.message ?? ""}`,
        );
      }
    }
    reports.push({ index: uid, documents: docs.length, batches: tasks.length });
  }
  return reports;
}
