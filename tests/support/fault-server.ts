import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An upstream that misbehaves on purpose, for the fault matrix (tests/worker/fault-matrix.test.ts).
 * The first path segment picks the fault, so one server plays every broken service:
 *   /status500/...  answers 500 with a JSON error body shaped like Meilisearch's (and Strapi's)
 *   /garbage/...    answers 200 with a body that is not JSON
 *   /slow/...       answers only after 15 s, past every time budget of the Worker
 * Anything under those prefixes is accepted (GET or POST), so a client given
 * `http://127.0.0.1:<port>/status500/` as its base URL gets the fault on every call.
 */
export async function startFaultServer() {
  const server = createServer((req, res) => {
    req.resume();
    const fault = (req.url ?? "/").split("/")[1];
    if (fault === "status500") {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: "Internal error", code: "internal", type: "internal", link: "" }));
    } else if (fault === "garbage") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("<html><body>502 Bad Gateway</body></html>{not json");
    } else if (fault === "slow") {
      const timer = setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("{}");
      }, 15_000);
      res.on("close", () => clearTimeout(timer));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
