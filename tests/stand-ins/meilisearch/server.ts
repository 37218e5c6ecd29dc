/// <reference types="node" />
// Test support, kept beside the adapter it stands in for so that unit tests here and in scripts/
// may use it without importing tests/ (docs/decisions/052-types-cycles-duplicates.md); the
// Worker never imports it.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { INDEX_SETTINGS } from "@worker/content/meilisearch/documents";
import {
  checkFacets,
  checkFilterable,
  MeiliError,
  matches,
  parseFilterParam,
  parseSort,
  sortDocuments,
  valuesAt,
} from "./filter";

/** One request the stand-in received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type StandInMode = "ok" | "error" | "garbage" | "wrong" | "empty";

type Doc = Record<string, unknown>;

interface IndexSettings {
  searchableAttributes?: string[];
  filterableAttributes?: string[];
  sortableAttributes?: string[];
  rankingRules?: string[];
  [key: string]: unknown;
}

/** One index as the stand-in keeps it. */
export interface StandInIndex {
  uid: string;
  primaryKey: string;
  settings: IndexSettings;
  documents: Map<string, Doc>;
  createdAt: string;
  updatedAt: string;
}

export interface StandInOptions {
  /** Listen on this port (default: any free one). */
  port?: number;
  /** Settings of the seeded indexes (default: INDEX_SETTINGS for the four known indexes). */
  settings?: Record<string, IndexSettings>;
}

const errorBody = (e: MeiliError) => ({
  message: e.message,
  code: e.code,
  type: e.status >= 500 ? "internal" : "invalid_request",
  link: `https://docs.meilisearch.com/errors#${e.code}`,
});

const indexNotFound = (uid: string) => new MeiliError(`Index \`${uid}\` not found.`, "index_not_found", 404);

/**
 * A local HTTP server answering like Meilisearch's documented API and recording every request,
 * so tests can assert exactly what the adapter and the sync send. It keeps indexes (create, get,
 * list, delete, settings, documents added, replaced and deleted, swap-indexes with `rename`),
 * answers asynchronous operations with an enqueued task whose final state `GET /tasks/{uid}`
 * reports (tasks are processed at once, in order), and searches (`/indexes/{uid}/search`,
 * `/multi-search`) with filter, sort and facets checked against the index's settings
 * (./filter.ts). `mode` switches it to 500s with Meilisearch's error body, to
 * unparsable bodies, to JSON of the wrong shape (hits whose title is a number), or to indexes
 * with no documents.
 */
export async function startMeilisearchStandIn(
  documents: Record<string, Record<string, unknown>[]>,
  options: StandInOptions = {},
) {
  const requests: RecordedRequest[] = [];
  let mode: StandInMode = "ok";
  let nextTask = 0;
  const tasks = new Map<number, Record<string, unknown>>();
  /** Documents received per index, in the order they arrived. */
  const received: Record<string, Record<string, unknown>[][]> = {};
  const indexes = new Map<string, StandInIndex>();
  const now = () => new Date().toISOString();

  const newIndex = (uid: string, primaryKey = "id", settings: IndexSettings = {}): StandInIndex => {
    const at = now();
    const index = { uid, primaryKey, settings, documents: new Map(), createdAt: at, updatedAt: at };
    indexes.set(uid, index);
    return index;
  };
  for (const [uid, docs] of Object.entries(documents)) {
    const settings =
      options.settings?.[uid] ?? (INDEX_SETTINGS as unknown as Record<string, IndexSettings>)[uid] ?? {};
    const index = newIndex(uid, "id", structuredClone(settings) as IndexSettings);
    for (const doc of docs) index.documents.set(String(doc.id), doc);
  }

  /** Runs an operation as a task: enqueued in the answer, succeeded or failed in the task. */
  const enqueue = (indexUid: string | null, type: string, run: () => Record<string, unknown> | undefined) => {
    const uid = nextTask++;
    const at = now();
    let status = "succeeded";
    let error: Record<string, unknown> | null = null;
    let details: Record<string, unknown> = {};
    try {
      details = run() ?? {};
    } catch (e) {
      if (!(e instanceof MeiliError)) throw e;
      status = "failed";
      error = errorBody(e);
    }
    tasks.set(uid, {
      uid,
      batchUid: uid,
      indexUid,
      status,
      type,
      canceledBy: null,
      details,
      error,
      duration: "PT0.001S",
      enqueuedAt: at,
      startedAt: at,
      finishedAt: at,
    });
    return { taskUid: uid, indexUid, status: "enqueued", type, enqueuedAt: at };
  };
  const indexOrCreate = (uid: string) => indexes.get(uid) ?? newIndex(uid);
  const existing = (uid: string) => {
    const index = indexes.get(uid);
    if (!index) throw indexNotFound(uid);
    return index;
  };

  function search(index: StandInIndex, body: Record<string, unknown>) {
    const filterable = index.settings.filterableAttributes ?? [];
    const tree = parseFilterParam(body.filter);
    checkFilterable(tree, filterable);
    checkFacets(body.facets, filterable);
    const rules = parseSort(body.sort, index.settings.sortableAttributes ?? []);
    const q = String(body.q ?? "").toLowerCase();
    const all = mode === "empty" ? [] : [...index.documents.values()];
    const hits = sortDocuments(
      all.filter((d) => matches(tree, d) && (!q || JSON.stringify(d).toLowerCase().includes(q))),
      rules,
    );
    const hitsPerPage = Number(body.hitsPerPage ?? 20);
    const page = Number(body.page ?? 1);
    const retrieve = body.attributesToRetrieve as string[] | undefined;
    const pick = (d: Doc) =>
      retrieve && !retrieve.includes("*")
        ? Object.fromEntries(Object.entries(d).filter(([k]) => retrieve.includes(k)))
        : d;
    const highlight = body.attributesToHighlight as string[] | undefined;
    const mark = (k: string, v: unknown) =>
      typeof v === "string" && q && highlight?.includes(k)
        ? v.replace(new RegExp(`(${q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})`, "gi"), "<mark>$1</mark>")
        : v;
    const shown = hits.slice((page - 1) * hitsPerPage, page * hitsPerPage).map((d) => {
      const out = pick(d);
      return highlight
        ? { ...out, _formatted: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, mark(k, v)])) }
        : out;
    });
    const facetDistribution: Record<string, Record<string, number>> = {};
    for (const facet of (body.facets as string[] | undefined) ?? []) {
      const counts: Record<string, number> = {};
      for (const d of hits)
        for (const v of valuesAt(d, facet)) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
      facetDistribution[facet] = counts;
    }
    return {
      hits: shown,
      query: body.q ?? "",
      processingTimeMs: 3,
      hitsPerPage,
      page,
      totalPages: Math.ceil(hits.length / hitsPerPage),
      totalHits: hits.length,
      ...(body.facets ? { facetDistribution } : {}),
    };
  }

  function swap(pairs: unknown) {
    if (!Array.isArray(pairs)) throw new MeiliError("Invalid value type: expected an array.", "bad_request");
    // All pairs are checked before any is applied: the swap is atomic.
    for (const pair of pairs as { indexes?: unknown; rename?: unknown }[]) {
      const names = pair.indexes;
      if (!Array.isArray(names) || names.length !== 2) {
        throw new MeiliError("Two indexes must be given for each swap.", "invalid_swap_indexes");
      }
      const [a, b] = names as [string, string];
      if (!indexes.has(a)) throw indexNotFound(a);
      if (pair.rename === true && indexes.has(b)) {
        throw new MeiliError(`Index \`${b}\` already exists.`, "index_already_exists");
      }
      if (pair.rename !== true && !indexes.has(b)) throw indexNotFound(b);
    }
    for (const pair of pairs as { indexes: [string, string]; rename?: boolean }[]) {
      const [a, b] = pair.indexes;
      const first = indexes.get(a) as StandInIndex;
      if (pair.rename) {
        indexes.delete(a);
        indexes.set(b, { ...first, uid: b });
      } else {
        const second = indexes.get(b) as StandInIndex;
        indexes.set(a, { ...second, uid: a });
        indexes.set(b, { ...first, uid: b });
      }
    }
    return { swaps: pairs };
  }

  function route(method: string, path: string, body: unknown): [number, unknown] {
    const [pathname = "/"] = path.split("?");
    const json = body as Record<string, unknown> | undefined;
    if (method === "GET" && pathname === "/health") return [200, { status: "available" }];
    if (method === "GET" && pathname === "/indexes") {
      const results = [...indexes.values()].map(({ uid, primaryKey, createdAt, updatedAt }) => ({
        uid,
        primaryKey,
        createdAt,
        updatedAt,
      }));
      return [200, { results, offset: 0, limit: 20, total: results.length }];
    }
    if (method === "POST" && pathname === "/indexes") {
      const uid = String(json?.uid);
      return [
        202,
        enqueue(uid, "indexCreation", () => {
          if (indexes.has(uid))
            throw new MeiliError(`Index \`${uid}\` already exists.`, "index_already_exists");
          newIndex(uid, String(json?.primaryKey ?? "id"));
          return { primaryKey: json?.primaryKey ?? null };
        }),
      ];
    }
    if (method === "POST" && pathname === "/swap-indexes")
      return [202, enqueue(null, "indexSwap", () => swap(body))];
    if (method === "POST" && pathname === "/multi-search") {
      const queries = (json?.queries ?? []) as Record<string, unknown>[];
      const results = queries.map((query, i) => {
        try {
          const { indexUid, ...params } = query;
          return { indexUid, ...search(existing(String(indexUid)), params) };
        } catch (e) {
          if (e instanceof MeiliError)
            throw new MeiliError(`Inside \`.queries[${i}]\`: ${e.message}`, e.code, e.status);
          throw e;
        }
      });
      return [200, { results }];
    }
    const task = pathname.match(/^\/tasks\/(\d+)$/);
    if (method === "GET" && task) {
      const found = tasks.get(Number(task[1]));
      if (!found) throw new MeiliError(`Task \`${task[1]}\` not found.`, "task_not_found", 404);
      return [200, found];
    }
    const idx = pathname.match(/^\/indexes\/([^/]+)(?:\/(.*))?$/);
    if (!idx) throw new MeiliError("Not Found", "not_found", 404);
    const uid = decodeURIComponent(idx[1] ?? "");
    const rest = idx[2] ?? "";
    if (rest === "") {
      if (method === "GET") {
        const { primaryKey, createdAt, updatedAt } = existing(uid);
        return [200, { uid, primaryKey, createdAt, updatedAt }];
      }
      if (method === "DELETE") {
        return [
          202,
          enqueue(uid, "indexDeletion", () => {
            const index = existing(uid);
            indexes.delete(uid);
            return { deletedDocuments: index.documents.size };
          }),
        ];
      }
    }
    if (rest === "settings") {
      if (method === "GET") return [200, existing(uid).settings];
      if (method === "PATCH") {
        return [
          202,
          enqueue(uid, "settingsUpdate", () => {
            const index = indexOrCreate(uid);
            index.settings = { ...index.settings, ...(json as IndexSettings) };
            return json;
          }),
        ];
      }
    }
    if (rest === "documents" && (method === "POST" || method === "PUT")) {
      const docs = body as Doc[];
      received[uid] = [...(received[uid] ?? []), docs];
      return [
        202,
        enqueue(uid, "documentAdditionOrUpdate", () => {
          const index = indexOrCreate(uid);
          for (const doc of docs) {
            const id = String(doc[index.primaryKey]);
            index.documents.set(id, method === "PUT" ? { ...index.documents.get(id), ...doc } : doc);
          }
          return { receivedDocuments: docs.length, indexedDocuments: docs.length };
        }),
      ];
    }
    const one = rest.match(/^documents\/(.+)$/);
    if (method === "DELETE" && one && one[1] !== "delete-batch") {
      const id = decodeURIComponent(one[1] ?? "");
      return [
        202,
        enqueue(uid, "documentDeletion", () => {
          const deleted = existing(uid).documents.delete(id) ? 1 : 0;
          return { providedIds: 1, deletedDocuments: deleted };
        }),
      ];
    }
    if (method === "POST" && rest === "documents/delete-batch") {
      const ids = (body as unknown[]).map(String);
      return [
        202,
        enqueue(uid, "documentDeletion", () => {
          const index = existing(uid);
          const deleted = ids.filter((id) => index.documents.delete(id)).length;
          return { providedIds: ids.length, deletedDocuments: deleted };
        }),
      ];
    }
    if (method === "POST" && rest === "search") return [200, search(existing(uid), json ?? {})];
    throw new MeiliError("Not Found", "not_found", 404);
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "";
      const path = req.url ?? "/";
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        requests.push({ method, path, headers: req.headers, body: raw });
        send(
          res,
          400,
          errorBody(new MeiliError("The json payload provided is malformed.", "malformed_payload")),
        );
        return;
      }
      requests.push({ method, path, headers: req.headers, body });
      if (mode === "error") {
        send(res, 500, { message: "internal", code: "internal", type: "internal", link: "" });
        return;
      }
      if (mode === "garbage") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("{not json");
        return;
      }
      if (mode === "wrong") {
        const wrong = { hits: [{ id: "x", title: 5, genres: "nope" }], processingTimeMs: 1 };
        const queries = (body as { queries?: unknown[] } | undefined)?.queries;
        send(res, 200, path === "/multi-search" ? { results: (queries ?? []).map(() => wrong) } : wrong);
        return;
      }
      try {
        const [status, answer] = route(method, path, body);
        send(res, status, answer);
      } catch (e) {
        if (!(e instanceof MeiliError)) throw e;
        send(res, e.status, errorBody(e));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received,
    /** The indexes as they stand now, by uid. */
    indexes,
    setMode(next: StandInMode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
