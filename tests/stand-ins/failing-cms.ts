/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { aggregateAnswer } from "./strapi-catalogue";

/** How the stand-in CMS fails, chosen by the first path segment of CMS_URL ("empty" is healthy). */
export type CmsFault = "slow" | "garbage" | "error" | "wrong" | "empty" | "refused";

/** The answer of the wrong shape: JSON, 200, but not what any collection answers. */
export const WRONG_SHAPE = { data: [{ id: "x", title: 5, genres: "nope" }] };

/** A row that reads as a release, an event, a mixtape or a post: what a healed CMS answers. */
export const HEALED_ROW = {
  id: 1,
  documentId: "healed",
  slug: "x",
  title: "Healed title",
  artist_name: "Healed artist",
  starts_at: "2030-06-01T20:00:00.000Z",
  postDate: "2026-01-01T10:00:00.000Z",
};

const list = (data: unknown[]) => ({
  data,
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } },
});

/**
 * A local HTTP server standing in for a broken Strapi (docs/decisions/018 point 3): under `/slow/` it
 * answers only after `slowMs` (past the Worker's CMS_TIMEOUT_MS), under `/garbage/` it answers
 * 200 with a body that is not JSON, under `/error/` it answers 500 with Strapi's error body, under
 * `/wrong/` it answers 200 with JSON of the wrong shape, under `/refused/` it refuses every API
 * token with Strapi's 403 (a token revoked in the admin), and under `/empty/` it is a healthy CMS
 * without any content (every list empty). `refusedUrl` is a port nobody listens on
 * (the CMS is down). Counts the requests per fault, so tests can show the Worker did call it.
 *
 * Two faults belong to one test each, named by a token of its own (`/<fault>/<token>/…`):
 * `heals` answers the wrong shape until `POST /heal/<token>`, then one healthy row for every
 * collection; `hangs` is `slow`, and `GET /hits/<token>` says how many requests it received.
 * `GET /uploads/<name>` serves `photo` as Strapi serves an upload from its disk, and
 * `GET /upload-hits` says how many upload requests it answered.
 */
export async function startFailingCms({
  slowMs = 3000,
  photo,
}: {
  slowMs?: number;
  photo?: Uint8Array;
} = {}) {
  const hits: Record<CmsFault, number> = { slow: 0, garbage: 0, error: 0, wrong: 0, empty: 0, refused: 0 };
  const tokens = new Map<string, { healed: boolean; hits: number }>();
  let uploads = 0;
  const tokenState = (token: string) => {
    const state = tokens.get(token) ?? { healed: false, hits: 0 };
    tokens.set(token, state);
    return state;
  };
  const sockets = new Set<Socket>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const hang = (req: IncomingMessage, res: ServerResponse) => {
    const timer = setTimeout(() => json(res, 200, list([])), slowMs);
    res.on("close", () => clearTimeout(timer));
    req.resume();
  };

  const server: Server = createServer((req, res) => {
    const [, first = "", token = ""] = (req.url ?? "").split("?")[0]?.split("/") ?? [];
    if (first === "heal") {
      tokenState(token).healed = true;
      return json(res, 200, { healed: token });
    }
    if (first === "hits") return json(res, 200, { hits: tokenState(token).hits });
    // Strapi's local uploads: `photo` at /uploads/<anything>.jpg (counted under `uploads`), 404
    // for /uploads/missing.jpg.
    if (first === "upload-hits") return json(res, 200, { hits: uploads });
    if (first === "uploads") {
      uploads += 1;
      if (!photo || token === "missing.jpg") return json(res, 404, { error: "Not Found" });
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": photo.byteLength });
      res.end(photo);
      return;
    }
    if (first === "heals") {
      const state = tokenState(token);
      state.hits += 1;
      return state.healed ? json(res, 200, list([HEALED_ROW])) : json(res, 200, WRONG_SHAPE);
    }
    if (first === "hangs") {
      tokenState(token).hits += 1;
      return hang(req, res);
    }
    const fault = first as CmsFault;
    if (fault in hits) hits[fault] += 1;
    if (fault === "slow") return hang(req, res);
    if (fault === "wrong") return json(res, 200, WRONG_SHAPE);
    if (fault === "empty") {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const path = url.pathname.replace(/^\/empty(\/api)?/, "");
      return json(res, 200, aggregateAnswer(path, url.searchParams, {}) ?? list([]));
    }
    if (fault === "refused")
      return json(res, 403, {
        data: null,
        error: { status: 403, name: "ForbiddenError", message: "Forbidden", details: {} },
      });
    if (fault === "garbage") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('<html><body>{"data": [ not json');
      return;
    }
    json(res, 500, {
      data: null,
      error: { status: 500, name: "InternalServerError", message: "Internal Server Error" },
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  // A port that was free a moment ago and is closed now: connections are refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const refusedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  const origin = `http://127.0.0.1:${port}`;
  return {
    urls: {
      down: `http://127.0.0.1:${refusedPort}`,
      slow: `${origin}/slow`,
      garbage: `${origin}/garbage`,
      error: `${origin}/error`,
      wrong: `${origin}/wrong`,
      empty: `${origin}/empty`,
      refused: `${origin}/refused`,
      /** The stand-in itself: `${origin}/heals/<token>`, `/hangs/<token>`, `/heal/<token>`, `/hits/<token>`. */
      origin,
    },
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
