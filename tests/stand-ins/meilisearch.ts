/// <reference types="node" />
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the stand-in received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type StandInMode = "ok" | "error" | "garbage" | "wrong" | "empty";

/**
 * A local HTTP server answering like Meilisearch's documented API (POST /indexes/{uid}/search,
 * GET /health) and recording every request, so tests can assert exactly what the adapter sends.
 * `mode` switches it to 500s with Meilisearch's error body, to unparsable bodies, to JSON of the
 * wrong shape (hits whose title is a number), or to an index with no documents.
 */
export async function startMeilisearchStandIn(documents: Record<string, Record<string, unknown>[]>) {
  const requests: RecordedRequest[] = [];
  let mode: StandInMode = "ok";
  let nextTask = 0;
  const tasks = new Map<number, Record<string, unknown>>();
  /** Documents received per index, in the order they arrived. */
  const received: Record<string, Record<string, unknown>[][]> = {};
  const enqueue = (indexUid: string, type: string) => {
    const uid = nextTask++;
    const at = new Date().toISOString();
    tasks.set(uid, {
      uid,
      batchUid: uid,
      indexUid,
      status: "succeeded",
      type,
      canceledBy: null,
      details: {},
      error: null,
      duration: "PT0.001S",
      enqueuedAt: at,
      startedAt: at,
      finishedAt: at,
    });
    return { taskUid: uid, indexUid, status: "enqueued", type, enqueuedAt: at };
  };
  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = raw ? JSON.parse(raw) : undefined;
      const path = req.url ?? "/";
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      if (mode === "error") {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ message: "internal", code: "internal", type: "internal", link: "" }));
        return;
      }
      if (mode === "garbage") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("{not json");
        return;
      }
      if (mode === "wrong") {
        json(res, 200, { hits: [{ id: "x", title: 5, genres: "nope" }], processingTimeMs: 1 });
        return;
      }
      if (req.method === "POST" && path === "/indexes") {
        json(res, 202, enqueue(String(body?.uid), "indexCreation"));
        return;
      }
      const write = path.match(/^\/indexes\/([^/?]+)\/(settings|documents)/);
      if (write && (req.method === "PATCH" || req.method === "POST")) {
        const uid = write[1] ?? "";
        if (write[2] === "documents") {
          received[uid] = [...(received[uid] ?? []), body as Record<string, unknown>[]];
        }
        json(res, 202, enqueue(uid, write[2] === "settings" ? "settingsUpdate" : "documentAdditionOrUpdate"));
        return;
      }
      const task = path.match(/^\/tasks\/(\d+)$/);
      if (req.method === "GET" && task) {
        json(res, 200, tasks.get(Number(task[1])));
        return;
      }
      if (req.method === "GET" && path === "/health") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ status: "available" }));
        return;
      }
      const match = path.match(/^\/indexes\/([^/]+)\/search$/);
      const docs = mode === "empty" ? [] : (documents[match?.[1] ?? ""] ?? null);
      if (req.method !== "POST" || !docs) {
        res.writeHead(404, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            message: "Index not found",
            code: "index_not_found",
            type: "invalid_request",
            link: "",
          }),
        );
        return;
      }
      const q = String(body?.q ?? "").toLowerCase();
      const hits = docs.filter((d) => !q || JSON.stringify(d).toLowerCase().includes(q));
      const hitsPerPage = Number(body?.hitsPerPage ?? 20);
      const page = Number(body?.page ?? 1);
      const mark = (v: unknown) =>
        typeof v === "string" && q ? v.replace(new RegExp(`(${q})`, "gi"), "<mark>$1</mark>") : v;
      const shown = hits.slice((page - 1) * hitsPerPage, page * hitsPerPage).map((d) => ({
        ...d,
        ...(body?.attributesToHighlight
          ? { _formatted: Object.fromEntries(Object.entries(d).map(([k, v]) => [k, mark(v)])) }
          : {}),
      }));
      const facetDistribution: Record<string, Record<string, number>> = {};
      for (const facet of (body?.facets as string[] | undefined) ?? []) {
        const counts: Record<string, number> = {};
        for (const d of hits) {
          const [field, sub] = facet.split(".") as [string, string | undefined];
          const value = d[field];
          const values = Array.isArray(value) ? value.map((v) => (sub ? v?.[sub] : v)) : [value];
          for (const v of values) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
        }
        facetDistribution[facet] = counts;
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          hits: shown,
          query: body?.q ?? "",
          processingTimeMs: 3,
          hitsPerPage,
          page,
          totalPages: Math.ceil(hits.length / hitsPerPage),
          totalHits: hits.length,
          ...(body?.facets ? { facetDistribution } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received,
    setMode(next: StandInMode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
