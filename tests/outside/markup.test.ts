import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { LinkChecker } from "linkinator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import vnuJar from "vnu-jar";
import { ARTIFACTS, ensureJava, type RunningWorker, requireBuild, startWorker } from "./server";

/**
 * Valid markup (docs/decisions/028-outside-lanes.md): every page of the production build, as a
 * visitor gets it from the seeded embedded store, checked by the Nu HTML Checker in one run.
 * The pages are every URL of the sitemap (static pages, posts, genres, locations, mixtapes,
 * releases, events) and those the sitemap cannot name: a tag, a category, a search, page 2, a
 * 404 and the error pages. The checker's CSS part predates View Transitions, so CSS messages
 * are left out. Then linkinator follows every link from the home page and finds none broken.
 */
let worker: RunningWorker;
const pagesDir = join(ARTIFACTS, "markup-pages");

beforeAll(async () => {
  requireBuild();
  ensureJava();
  worker = await startWorker({ persistTo: join(ARTIFACTS, "outside-markup"), database: "seeded" });
});

afterAll(async () => {
  await worker?.kill("SIGTERM");
});

async function pagePaths(): Promise<string[]> {
  const locs = async (path: string) => {
    const xml = await (await fetch(`${worker.url}${path}`)).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  };
  // /sitemap.xml is an index of child sitemaps; the pages are in those.
  const children = await locs("/sitemap.xml");
  const fromSitemap = (await Promise.all(children.map(locs))).flat();
  const firstTag = async () => {
    const post = fromSitemap.find((p) => /^\/blog\/[^/]+$/.test(p)) ?? "/blog";
    const html = await (await fetch(`${worker.url}${post}`)).text();
    return html.match(/href="(\/blog\/tag\/[^"]+)"/)?.[1] ?? "/blog/tag/vinyl";
  };
  return [
    ...new Set([
      ...fromSitemap,
      await firstTag(),
      "/blog/category/reviews",
      "/blog?page=2",
      "/search?q=techno",
      "/search?q=zzzzzz",
      "/search",
      "/blog/no-such-post",
      "/no-such-page",
    ]),
  ];
}

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

describe("markup", () => {
  it("the Nu HTML Checker finds no error on any page", async () => {
    const paths = await pagePaths();
    expect(paths.length).toBeGreaterThan(20);
    rmSync(pagesDir, { recursive: true, force: true });
    mkdirSync(pagesDir, { recursive: true });
    const files = new Map<string, string>();
    // Ten at a time: the local Worker renders them on the same two cores as this test.
    for (let start = 0; start < paths.length; start += 10) {
      await Promise.all(
        paths.slice(start, start + 10).map(async (path, j) => {
          const res = await fetch(`${worker.url}${path}`);
          const name = `${String(start + j).padStart(4, "0")}.html`;
          files.set(name, path);
          writeFileSync(join(pagesDir, name), await res.text());
        }),
      );
    }

    const { stdout, stderr } = await promisify(execFile)(
      "java",
      ["-jar", String(vnuJar), "--errors-only", "--format", "json", "--exit-zero-always", pagesDir],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stderr || stdout) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === "error" && !m.message.startsWith("CSS:"))
      .map((m) => {
        const file = m.url.split("/").pop() ?? "";
        return `${files.get(file) ?? file}:${m.lastLine ?? "?"} ${m.message} [${(m.extract ?? "").trim()}]`;
      });
    expect(errors).toEqual([]);
  });

  it("every link the site draws answers: linkinator from / over every page it reaches", async () => {
    const site = worker.url;
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${site}/`,
      recurse: true,
      // The local Worker renders on the same two cores as this test.
      concurrency: 8,
      timeout: 30_000,
      // Outside addresses cannot be reached from here (and are not the site's to answer); a
      // photo's variants are made on first request, seconds each, and the image route's own
      // tests answer for them (tests/worker/images.test.ts).
      linksToSkip: async (link) => !link.startsWith(site) || /\/media\/(img|cms)\//.test(link),
    });
    const checked = result.links.filter((l) => l.state !== "SKIPPED");
    const broken = result.links
      .filter((l) => l.state === "BROKEN")
      .map((l) => `${l.status} ${l.url.replace(site, "")} (on ${l.parent?.replace(site, "") ?? "?"})`);
    console.log(`linkinator: ${checked.length} links checked, ${broken.length} broken`);
    expect(checked.length).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  }, 600_000);
});
