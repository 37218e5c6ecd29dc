import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/**
 * A local stand-in for Sentry's ingest endpoint (docs/conventions.md "Tests": outside services we
 * cannot run are replaced by a small server answering like the documented API). It accepts
 * envelopes at POST /api/<project>/envelope/ like sentry.io, keeps them, and lets a test read
 * them (GET /received) or forget them (DELETE /received). Setting `failWith` makes it answer
 * every envelope with that status.
 */
export interface ReceivedEnvelope {
  path: string;
  auth: string | null;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: unknown }[];
}

export function parseEnvelopeText(text: string): Pick<ReceivedEnvelope, "header" | "items"> {
  const lines = text.split("\n");
  const header = JSON.parse(lines[0] ?? "{}");
  const items: ReceivedEnvelope["items"] = [];
  for (let i = 1; i < lines.length; i += 2) {
    if (!lines[i]?.trim()) continue;
    const itemHeader = JSON.parse(lines[i] ?? "{}");
    let payload: unknown = lines[i + 1] ?? "";
    try {
      payload = JSON.parse(payload as string);
    } catch {
      // attachments and other raw payloads stay text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

export async function startSentryStandIn(): Promise<{
  url: string;
  server: Server;
  close: () => Promise<void>;
}> {
  const received: ReceivedEnvelope[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (path === "/received" && req.method === "GET") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(received));
        return;
      }
      if (path === "/received" && req.method === "DELETE") {
        received.length = 0;
        res.writeHead(204).end();
        return;
      }
      if (req.method === "POST" && /^\/api\/\d+\/envelope\/?(\?.*)?$/.test(path)) {
        let body = Buffer.concat(chunks);
        if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
        try {
          received.push({
            path,
            auth: (req.headers["x-sentry-auth"] as string | undefined) ?? null,
            ...parseEnvelopeText(body.toString("utf8")),
          });
        } catch {
          res.writeHead(400).end("bad envelope");
          return;
        }
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: "0" }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The DSN that points the SDK (and the Worker's tunnel) at a stand-in. */
export const standInDsn = (url: string, key = "publickey") => `${url.replace("://", `://${key}@`)}/42`;
