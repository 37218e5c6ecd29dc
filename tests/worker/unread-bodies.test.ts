import { describe, expect, it } from "vitest";
import { callApp } from "./helpers";

// Every answer given without reading the request's body reads it to its end first
// (docs/decisions/067-unread-bodies.md), shown with a body whose reading is observed.

/** A request body of `chunks` chunks of 64 KB that records how far it was read, or that it was cancelled. */
function observedBody(chunks = 8) {
  const seen = { pulled: 0, finished: false, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) {
        seen.finished = true;
        controller.close();
        return;
      }
      seen.pulled += 1;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen, bytes: chunks * chunk.byteLength };
}

const CASES: Array<[string, string, string, Record<string, string>, number]> = [
  [
    "the no-JavaScript 413 page (refused on its Content-Length)",
    "POST",
    "/submit/form",
    { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(200 * 1024 * 1024) },
    413,
  ],
  ["the API's 413", "POST", "/api/submissions", { "Content-Length": String(200 * 1024 * 1024) }, 413],
  [
    "the unsubscribe confirmation",
    "POST",
    "/newsletter/unsubscribe?token=no-such-token",
    { "Content-Type": "application/x-www-form-urlencoded" },
    404,
  ],
  [
    "a sign-in refused as coming from another site",
    "POST",
    "/admin/sign-in",
    { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    403,
  ],
  ["a POST to a page", "POST", "/about", { "Content-Type": "application/x-www-form-urlencoded" }, 405],
  [
    "a status change without a token",
    "PUT",
    "/api/submissions/1/status",
    { "Content-Type": "application/json" },
    401,
  ],
  ["an unknown API path", "POST", "/api/nothing-here", {}, 404],
];

describe("a body the Worker answers without reading", () => {
  it.each(CASES)("%s: read to its end before the answer", async (_, method, path, headers, status) => {
    const { stream, seen } = observedBody();
    const res = await callApp(path, {
      method,
      headers: { "CF-Connecting-IP": "198.51.100.14", ...headers },
      body: stream,
      // @ts-expect-error workerd's RequestInit takes a streaming body without duplex; Node's needs it.
      duplex: "half",
    });
    expect(res.status).toBe(status);
    await res.arrayBuffer();
    expect(seen.finished || seen.cancelled, JSON.stringify(seen)).toBe(true);
  });
});
