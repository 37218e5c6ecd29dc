import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callApp } from "./helpers";

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

const PAGES = [
  "/",
  "/blog",
  "/mixtapes",
  "/releases",
  "/events",
  "/search?q=techno",
  "/about",
  "/no-such-page",
];

describe("security headers on HTML documents", () => {
  it.each(PAGES)(
    "%s: a CSP whose script nonce is on every script of the document, and no inline script without it",
    async (path) => {
      const res = await callApp(path);
      const html = await res.text();
      const csp = directives(res.headers.get("Content-Security-Policy"));
      const scriptSrc = csp.get("script-src") ?? [];
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      // JSON-LD blocks are data, which a CSP does not govern; every other script needs the nonce.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // Module preloads are scripts too; they come from our own origin ('self').
      expect(html).not.toMatch(/<script\b[^>]*src="https?:/);
    },
  );

  it("allows the YouTube, SoundCloud and Spotify players and media from our origin, and no framing", async () => {
    const res = await callApp("/blog");
    const csp = directives(res.headers.get("Content-Security-Policy"));
    expect(csp.get("script-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://www.youtube.com",
        "https://s.ytimg.com",
        "https://w.soundcloud.com",
        "https://open.spotify.com",
      ]),
    );
    expect(csp.get("frame-src")).toEqual(
      expect.arrayContaining([
        "https://www.youtube.com",
        "https://w.soundcloud.com",
        "https://open.spotify.com",
      ]),
    );
    expect(csp.get("media-src")).toContain("'self'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    // Plain http (local): upgrading would send our own assets to a port without TLS.
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("gives every response its own nonce", async () => {
    const nonces = new Set<string | null>();
    for (let i = 0; i < 3; i++) nonces.add((await callApp("/about")).headers.get("Content-Security-Policy"));
    expect(nonces.size).toBe(3);
  });

  it("sends HSTS, nosniff, a referrer policy, a permissions policy and X-Frame-Options", async () => {
    const res = await callApp("/blog");
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=31536000/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("in CMS mode, media and images may also come from the CMS origin", async () => {
    // Only the header is checked: the CMS adapter is not in this branch, D1 still serves.
    const res = await callApp("/about", undefined, {
      CMS_URL: "https://cms.example.com/api",
    } as Partial<Env>);
    const csp = directives(res.headers.get("Content-Security-Policy"));
    expect(csp.get("img-src")).toContain("https://cms.example.com");
    expect(csp.get("media-src")).toContain("https://cms.example.com");
  });

  it("in CMS mode with the CMS's uploads in a bucket, media and images may come from that bucket too", async () => {
    const bucket = "https://media.crossfade.example";
    const res = await callApp("/about", undefined, {
      CMS_URL: "https://cms.example.com/api",
      CMS_MEDIA_URL: `${bucket}/uploads/`,
    } as Partial<Env>);
    const csp = directives(res.headers.get("Content-Security-Policy"));
    for (const directive of ["img-src", "media-src"]) {
      expect(csp.get(directive)).toContain("https://cms.example.com");
      expect(csp.get(directive)).toContain(bucket);
      expect(csp.get(directive)?.filter((source) => source.includes("/uploads"))).toEqual([]);
    }
    // Without CMS_URL the bucket is not a source: the embedded store serves its own media.
    const embedded = await callApp("/about", undefined, { CMS_MEDIA_URL: bucket } as Partial<Env>);
    expect(directives(embedded.headers.get("Content-Security-Policy")).get("img-src")).not.toContain(bucket);
  });

  it("over https the policy upgrades insecure requests", async () => {
    const res = await callApp("/about");
    expect(res.status).toBe(200);
    const secure = await (await import("@worker/app")).app.fetch(new Request("https://localhost/about"), env);
    expect(secure.headers.get("Content-Security-Policy")).toContain("upgrade-insecure-requests");
  });
});

describe("security headers on other answers", () => {
  it.each(["/api/health", "/api/search?q=techno", "/rss.xml", "/robots.txt"])(
    "%s: nosniff and HSTS, no document policy",
    async (path) => {
      const res = await callApp(path);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age/);
      expect(res.headers.get("Content-Security-Policy")).toBeNull();
    },
  );
});

describe("the Worker's own page error (a failure outside React's render)", () => {
  it("replaces an empty 500 with the page error of docs/product.md section 2, escaped and without scripts", async () => {
    const { withFallbackPage } = await import("@worker/fallback-page");
    const request = new Request('http://localhost/blog?q="><script>alert(1)</script>');
    const res = withFallbackPage(request, new Response(null, { status: 500 }));
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(html).toContain("<h1>Something went wrong</h1>");
    expect(html).toContain("We&#x27;re sorry, but there was an error loading this content.");
    expect(html).toMatch(/<a href="[^"]*">Refresh Page<\/a>/);
    expect(html).not.toContain("<script");
    const passed = new Response("ok", { status: 503, headers: { "Content-Type": "application/json" } });
    expect(withFallbackPage(request, passed)).toBe(passed);
  });
});
