import { createServer, type Server, type ServerResponse } from "node:http";
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
  /** Which TCP connection carried it (the client's port), to tell reused connections apart. */
  connection: number;
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
            connection: req.socket.remotePort ?? 0,
            ...parseEnvelopeText(body.toString("utf8")),
          });
        } catch {
          res.writeHead(400).end("bad envelope");
          return;
        }
        answerEnvelope(path, res);
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

/**
 * How the stand-in answers an envelope, by project number, so tests can meet what a real ingest
 * host or its load balancer does: 42 (and any other) a 200 with a length; 2 a chunked 200; 3 a
 * 200 with `Connection: close`; 4 a 200 after which it drops the connection without saying so
 * (an idle timeout); 5 a chunked 429 with Sentry's rate-limit headers.
 */
function answerEnvelope(path: string, res: ServerResponse): void {
  const project = /^\/api\/(\d+)\//.exec(path)?.[1];
  const body = JSON.stringify({ id: "0" });
  if (project === "2" || project === "5") {
    const status = project === "5" ? 429 : 200;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (project === "5") {
      headers["X-Sentry-Rate-Limits"] = "60:transaction:organization";
      headers["Retry-After"] = "60";
    }
    // No length: Node sends it chunked, in two chunks.
    res.writeHead(status, headers);
    res.write(body.slice(0, 4));
    res.end(body.slice(4));
  } else if (project === "3") {
    res.writeHead(200, { "Content-Type": "application/json", Connection: "close" }).end(body);
  } else if (project === "4") {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(body.length) });
    const socket = res.socket;
    res.end(body, () => socket?.destroy());
  } else {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(body);
  }
}

/** The DSN that points the SDK (and the Worker's tunnel) at a stand-in. */
export const standInDsn = (url: string, key = "publickey") => `${url.replace("://", `://${key}@`)}/42`;
