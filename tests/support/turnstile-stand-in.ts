import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { TURNSTILE_TEST_KEYS } from "./turnstile-keys";

/**
 * A local stand-in for Turnstile's siteverify (docs/decisions/127-turnstile-on-the-forms.md), so
 * the Worker's only outside call of the bot check is answered without the network. At
 * POST /turnstile/v0/siteverify it answers as Cloudflare documents for its test secret keys
 * (developers.cloudflare.com/turnstile/troubleshooting/testing/): `1x…AA` passes the dummy token
 * `XXXX.DUMMY.TOKEN.XXXX` and refuses any other, `2x…AA` always fails, `3x…AA` says the token is
 * already spent; any other secret is invalid. It takes a form or a JSON body, as siteverify does.
 *
 * Every request is kept, and a test reads them (GET /received) to see what the Worker sent.
 * Under `/status503/` it answers 503 with an HTML error page (Cloudflare's edge failing);
 * `down` is a port nobody listens on.
 */
export interface SiteverifyRequest {
  method: string;
  path: string;
  contentType: string;
  fields: Record<string, unknown>;
}

const SITEVERIFY = "/turnstile/v0/siteverify";

function verdict(fields: Record<string, unknown>): Record<string, unknown> {
  const fail = (...codes: string[]) => ({ success: false, "error-codes": codes });
  const { secret, response } = fields;
  if (typeof secret !== "string" || !secret) return fail("missing-input-secret");
  if (typeof response !== "string" || !response) return fail("missing-input-response");
  if (secret === TURNSTILE_TEST_KEYS.fails) return fail("invalid-input-response");
  if (secret === TURNSTILE_TEST_KEYS.spent) return fail("timeout-or-duplicate");
  if (secret !== TURNSTILE_TEST_KEYS.passes) return fail("invalid-input-secret");
  // Test secret keys accept only the dummy token the test site keys make.
  if (response !== TURNSTILE_TEST_KEYS.dummyToken) return fail("invalid-input-response");
  return {
    success: true,
    challenge_ts: new Date().toISOString(),
    hostname: "localhost",
    "error-codes": [],
    action: "test",
    cdata: "test-data",
  };
}

function parse(contentType: string, body: string): Record<string, unknown> | null {
  if (/^application\/json\b/i.test(contentType)) {
    try {
      const value: unknown = JSON.parse(body);
      return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType))
    return Object.fromEntries(new URLSearchParams(body));
  return null;
}

export async function startTurnstileStandIn() {
  const received: SiteverifyRequest[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (path === "/received" && req.method === "GET") return json(res, 200, received);
      const contentType = req.headers["content-type"] ?? "";
      const fields = parse(contentType, Buffer.concat(chunks).toString("utf8"));
      if (path.endsWith(SITEVERIFY))
        received.push({ method: req.method ?? "", path, contentType, fields: fields ?? {} });
      if (path === `/status503${SITEVERIFY}`) {
        res.writeHead(503, { "Content-Type": "text/html" });
        res.end("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
        return;
      }
      if (path !== SITEVERIFY) return void res.writeHead(404).end();
      if (req.method !== "POST") return json(res, 405, { success: false, "error-codes": ["bad-request"] });
      if (!fields) return json(res, 400, { success: false, "error-codes": ["bad-request"] });
      json(res, 200, verdict(fields));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const downPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: { origin, down: `http://127.0.0.1:${downPort}` },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
