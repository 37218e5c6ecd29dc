import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allowLongProperties, METHODS, queryString, RUNS, safe, segment, text } from "./fuzz";

// Bad input everywhere: see tests/worker/fuzz.ts.
allowLongProperties();

/**
 * Every /api endpoint, as a table. Forms endpoints (newsletter, submissions) are added here as
 * rows when they land: a name, the methods they accept and an arbitrary for their requests.
 */
interface ApiCase {
  name: string;
  request: fc.Arbitrary<{ path: string; init: RequestInit }>;
  /** The statuses a caller may see, besides any 4xx. */
  ok: number[];
}

const bodies = fc.oneof(
  text,
  fc.json(),
  fc.constantFrom(
    "{}",
    "[]",
    "null",
    '{"model":"post"}',
    '{"event":"entry.update","model":"mixtape","entry":{}}',
    '{"email":"fuzz@example.com"}',
    '{"status":"accepted","adminNotes":"ok"}',
    '{"status":"archived"}',
  ),
);
const authHeaders = fc.oneof(
  fc.constant({}),
  text.map((t) => ({ Authorization: `Bearer ${t.replace(/[^\x20-\x7e]/g, "")}` })),
  fc.constant({ Authorization: "Bearer test-purge-token-0123456789abcdef0123456789" }),
  fc.constant({ Authorization: "Bearer test-admin-token-0123456789abcdef0123456789" }),
  fc.constant({ Authorization: "Basic Zm9vOmJhcg==" }),
);
const contentTypes = fc.constantFrom(
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
);

const API_CASES: ApiCase[] = [
  {
    name: "GET /api/health",
    request: fc.tuple(queryString(["verbose"]), fc.constantFrom(...METHODS)).map(([qs, method]) => ({
      path: `/api/health?${qs}`,
      init: { method },
    })),
    ok: [200, 404, 405],
  },
  {
    name: "GET /api/search",
    request: queryString(["q", "page", "size", "genre", "location", "featured", "sort", "type"]).map(
      (qs) => ({
        path: `/api/search?${qs}`,
        init: {},
      }),
    ),
    ok: [200],
  },
  {
    name: "GET /api/suggest",
    request: queryString(["q", "limit"]).map((qs) => ({ path: `/api/suggest?${qs}`, init: {} })),
    ok: [200],
  },
  {
    name: "POST /api/cache/purge",
    request: fc
      .tuple(bodies, authHeaders, contentTypes, fc.constantFrom("POST", "GET", "PUT"))
      .map(([body, auth, type, method]) => ({
        path: "/api/cache/purge",
        init: {
          method,
          headers: { ...auth, ...(type ? { "Content-Type": type } : {}) },
          ...(method === "GET" ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        },
      })),
    ok: [200],
  },
  {
    name: "POST /api/monitoring",
    request: fc
      .tuple(
        bodies,
        fc.array(fc.oneof(text, fc.json(), fc.constant('{"type":"event"}')), { maxLength: 4 }),
        contentTypes,
      )
      .map(([first, rest, type]) => ({
        path: "/api/monitoring",
        init: {
          method: "POST",
          headers: type ? { "Content-Type": type } : {},
          body: [first, ...rest].map((p) => (typeof p === "string" ? p : JSON.stringify(p))).join("\n"),
        },
      })),
    // Without a DSN (this table runs with the test's stand-in DSN) events are forwarded: 204.
    ok: [204],
  },
  {
    name: "POST /api/newsletter",
    request: fc.tuple(bodies, contentTypes, fc.ipV4()).map(([body, type, ip]) => ({
      path: "/api/newsletter",
      init: {
        method: "POST",
        // A client address of its own per case, so the rate limit does not answer everything.
        headers: { "CF-Connecting-IP": ip, ...(type ? { "Content-Type": type } : {}) },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
    })),
    ok: [200, 201],
  },
  {
    name: "POST /api/submissions",
    request: fc
      .tuple(
        fc.dictionary(segment, fc.oneof(text, fc.constant("")), { maxKeys: 8 }),
        bodies,
        fc.boolean(),
        fc.ipV4(),
      )
      .map(([fields, raw, multipart, ip]) => {
        const form = new FormData();
        // workerd's FormData refuses names ending in a backslash before anything is sent.
        for (const [k, v] of Object.entries(fields)) form.append(k.replace(/\\+$/, "") || "field", v);
        return {
          path: "/api/submissions",
          init: multipart
            ? { method: "POST", headers: { "CF-Connecting-IP": ip }, body: form }
            : {
                method: "POST",
                headers: { "CF-Connecting-IP": ip },
                body: typeof raw === "string" ? raw : JSON.stringify(raw),
              },
        };
      }),
    ok: [200, 201],
  },
  {
    name: "GET /api/submissions",
    request: fc
      .tuple(queryString(["page", "pageSize", "status"]), authHeaders)
      .map(([qs, auth]) => ({ path: `/api/submissions?${qs}`, init: { headers: auth } })),
    ok: [200],
  },
  {
    name: "PUT /api/submissions/{id}/status",
    request: fc.tuple(segment, bodies, authHeaders).map(([id, body, auth]) => ({
      path: `/api/submissions/${id}/status`,
      init: {
        method: "PUT",
        headers: { ...auth, "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
    })),
    ok: [200],
  },
  {
    name: "unknown /api paths",
    request: fc.tuple(segment, fc.constantFrom(...METHODS)).map(([s, method]) => ({
      path: `/api/${s}`,
      init: { method },
    })),
    ok: [200, 204],
  },
];

describe("every /api endpoint takes any request without a 5xx", () => {
  it.each(API_CASES)(`$name (${RUNS} cases)`, async ({ request, ok }) => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ path, init }) => {
        const { status } = await safe(path, init);
        if (status) seen.add(status);
        if (status && !(status >= 400 && status < 500) && !ok.includes(status)) {
          throw new Error(`${init.method ?? "GET"} ${path} answered ${status}`);
        }
      }),
      { numRuns: RUNS },
    );
    // The generators reach past the validation: some requests are refused, some succeed.
    expect([...seen].some((s) => s >= 400 && s < 500)).toBe(true);
  });
});
