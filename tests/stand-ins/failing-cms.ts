/// <reference types="node" />
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** How the stand-in CMS fails, chosen by the first path segment of CMS_URL. */
export type CmsFault = "slow" | "garbage" | "error";

/**
 * A local HTTP server standing in for a broken Strapi (docs/decisions/018 point 3): under `/slow/` it
 * answers only after `slowMs` (past the Worker's CMS_TIMEOUT_MS), under `/garbage/` it answers
 * 200 with a body that is not JSON, under `/error/` it answers 500 with Strapi's error body.
 * `refusedUrl` is a port nobody listens on (the CMS is down). Counts the requests per fault, so
 * tests can show the Worker did call it.
 */
export async function startFailingCms({ slowMs = 3000 } = {}) {
  const hits: Record<CmsFault, number> = { slow: 0, garbage: 0, error: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const fault = (req.url ?? "").split("/")[1] as CmsFault;
    if (fault in hits) hits[fault] += 1;
    if (fault === "slow") {
      const timer = setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            data: [],
            meta: { pagination: { page: 1, pageSize: 1, pageCount: 1, total: 0 } },
          }),
        );
      }, slowMs);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (fault === "garbage") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('<html><body>{"data": [ not json');
      return;
    }
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        data: null,
        error: { status: 500, name: "InternalServerError", message: "Internal Server Error" },
      }),
    );
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

  return {
    urls: {
      down: `http://127.0.0.1:${refusedPort}`,
      slow: `http://127.0.0.1:${port}/slow`,
      garbage: `http://127.0.0.1:${port}/garbage`,
      error: `http://127.0.0.1:${port}/error`,
    },
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
