/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { aggregateAnswer, COLLECTIONS } from "./strapi-catalogue";

/**
 * How the stand-in answers: `healthy` serves tests/stand-ins/strapi-catalogue.ts in Strapi 5 REST
 * shapes; the others are the faults of docs/faults.md "From outside".
 */
export type CmsState = "healthy" | "refused" | "error" | "garbage" | "wrong-shape" | "slow" | "hanging";

/** A list whose items lack what every Strapi item has: a schema check must refuse it. */
export const WRONG_SHAPE = { data: [{ id: "x", title: 5, genres: "nope" }] };

type Item = Record<string, unknown>;

function leaves(value: unknown, path: string[]): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => leaves(v, path));
  if (path.length === 0) return [value];
  if (value === null || typeof value !== "object") return [];
  const [head, ...rest] = path as [string, ...string[]];
  return leaves((value as Item)[head], rest);
}

function matches(item: Item, path: string[], op: string, values: string[]): boolean {
  const found = leaves(item, path).map((v) => String(v));
  if (op === "$containsi") {
    const needle = (values[0] ?? "").toLowerCase();
    return found.some((v) => v.toLowerCase().includes(needle));
  }
  // Comparisons, as Strapi makes them of dates in ISO form (the events' `starts_at`).
  const bound = values[0] ?? "";
  if (op === "$gte") return found.some((v) => v >= bound);
  if (op === "$gt") return found.some((v) => v > bound);
  if (op === "$lte") return found.some((v) => v <= bound);
  if (op === "$lt") return found.some((v) => v < bound);
  return found.some((v) => values.includes(v));
}

/** Strapi's bracket filters as the Worker's adapter writes them (worker/content/strapi/client.ts). */
export function applyFilters(items: Item[], query: URLSearchParams): Item[] {
  const and = new Map<string, { path: string[]; op: string; values: string[] }>();
  const or: Array<{ path: string[]; op: string; values: string[] }> = [];
  for (const [key, value] of query) {
    if (!key.startsWith("filters[")) continue;
    const segments = [...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string);
    const isOr = segments[0] === "$or";
    const rest = isOr ? segments.slice(2) : segments;
    const opAt = rest.findIndex((s) => s.startsWith("$"));
    const path = rest.slice(0, opAt);
    const op = rest[opAt] ?? "$eq";
    if (isOr) or.push({ path, op, values: [value] });
    else {
      const id = `${path.join(".")}|${op}`;
      const entry = and.get(id) ?? { path, op, values: [] };
      entry.values.push(value);
      and.set(id, entry);
    }
  }
  return items.filter(
    (item) =>
      [...and.values()].every((c) => matches(item, c.path, c.op, c.values)) &&
      (or.length === 0 || or.some((c) => matches(item, c.path, c.op, c.values))),
  );
}

function list(collection: string, query: URLSearchParams) {
  const items = applyFilters(COLLECTIONS[collection] ?? [], query);
  const total = items.length;
  if (query.has("pagination[start]")) {
    // Offset pagination (the deep /blog pages).
    const start = Number(query.get("pagination[start]"));
    const limit = Number(query.get("pagination[limit]") ?? 25);
    return { data: items.slice(start, start + limit), meta: { pagination: { start, limit, total } } };
  }
  const page = Math.max(1, Number(query.get("pagination[page]") ?? 1));
  const pageSize = Math.max(1, Number(query.get("pagination[pageSize]") ?? 25));
  return {
    data: items.slice((page - 1) * pageSize, page * pageSize),
    meta: { pagination: { page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), total } },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * A stand-in Strapi on 127.0.0.1 whose state the test switches (`set`), with CMS_URL fixed for
 * the Worker's lifetime: `refused` closes the port, every other state listens on it again.
 * `slowMs` is past the Worker's CMS_TIMEOUT_MS; `hanging` never answers.
 */
export async function startSwitchableCms({ slowMs }: { slowMs: number }) {
  let state: CmsState = "healthy";
  const requests: Record<CmsState, number> = {
    healthy: 0,
    refused: 0,
    error: 0,
    garbage: 0,
    "wrong-shape": 0,
    slow: 0,
    hanging: 0,
  };
  const sockets = new Set<Socket>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    requests[state] += 1;
    const url = new URL(req.url ?? "/", "http://stand-in");
    const collection = url.pathname.replace(/^\/api\//, "").split("/")[0] ?? "";
    if (state === "error")
      return json(res, 500, {
        data: null,
        error: { status: 500, name: "InternalServerError", message: "Internal Server Error" },
      });
    if (state === "garbage") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end('<html><body>{"data": [ not json');
    }
    if (state === "wrong-shape") return json(res, 200, WRONG_SHAPE);
    if (state === "hanging") return; // the socket stays open until the Worker gives up
    const aggregate = aggregateAnswer(url.pathname.replace(/^\/api/, ""), url.searchParams, COLLECTIONS);
    if (!aggregate && !(collection in COLLECTIONS))
      return json(res, 404, { data: null, error: { status: 404 } });
    const body = aggregate ?? list(collection, url.searchParams);
    if (state !== "slow") return json(res, 200, body);
    const timer = setTimeout(() => json(res, 200, body), slowMs);
    res.on("close", () => clearTimeout(timer));
  };
  const make = (): Server => {
    const s = createServer(handle);
    s.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    return s;
  };
  let server: Server | null = make();
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const close = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      for (const socket of sockets) socket.destroy();
      s.close(() => resolve());
    });

  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    get state() {
      return state;
    },
    async set(next: CmsState) {
      // Open connections from the previous state are cut: nothing of it leaks into the next.
      for (const socket of sockets) socket.destroy();
      state = next;
      if (next === "refused") return close();
      if (server) return;
      server = make();
      await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    },
    close,
  };
}
