// `npm run content` against a real local D1 (the wrangler state a Worker of the production build
// is serving): export → import → export is byte-identical, an imported edit and a new post with
// audio and a photo beside it show on the running site at once (the purge), a folder with one
// bad file writes nothing and names file and field, --prune deletes what has no file, and an
// event moved in its file moves in the calendars that imported it, and a release renamed by its
// file keeps its old address (docs/decisions/033-content-files.md, 139,
// 146-calendars-follow-changes.md, 151-renamed-slugs-redirect.md).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_CONTENT, readFolder } from "@scripts/content/folder";
import { makePhoto } from "@scripts/media/photos";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, type RunningWorker, requireBuild, startWorker } from "./server";

const STATE = join(ARTIFACTS, "content-state");
const WORK = join(ARTIFACTS, "content-files");
const ROOT = join(import.meta.dirname, "..", "..");

/**
 * Runs the CLI without blocking the event loop: a spawnSync would leave the fetch pool unaware
 * that wrangler dev closed an idle keep-alive connection meanwhile.
 */
function content(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(
      join(ROOT, "node_modules", ".bin", "tsx"),
      ["scripts/content/cli.ts", ...args, "--persist-to", STATE],
      { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}

async function exportTo(name: string): Promise<Map<string, string>> {
  const dir = join(WORK, name);
  const result = await content("export", dir);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return readFolder(dir).markdown;
}

function importFrom(name: string, ...flags: string[]) {
  return content("import", join(WORK, name), ...flags);
}

const EVENT = "crossfade-bristol-halcyon-drift-and-marrow-and-salt-2025";
let worker: RunningWorker;

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${worker.url}${path}`);
  return { status: res.status, html: await res.text() };
}

beforeAll(async () => {
  requireBuild();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // Seeded the way `npm start` seeds a fresh checkout: from content/.
  worker = await startWorker({ persistTo: STATE, database: "seeded" });
});

afterAll(async () => {
  await worker?.kill("SIGTERM");
});

describe("npm run content", () => {
  it("exports the seeded demo catalogue as exactly the files in content/", async () => {
    const exported = await exportTo("a");
    const demo = readFolder(DEMO_CONTENT).markdown;
    expect([...exported.keys()]).toEqual([...demo.keys()]);
    for (const [path, text] of demo) expect(exported.get(path), path).toBe(text);
  });

  it("imports an edit and a new post with its audio and photo: the running site shows both at once", async () => {
    const dir = join(WORK, "a");
    const slug = "in-conversation-with-ezinne-nwosu";
    const before = await page(`/blog/${slug}`);
    expect(before.html).toContain("In conversation with Ezinne Nwosu");
    await page(`/blog/${slug}`); // cached now (KV and the page cache)

    const file = join(dir, "posts", `${slug}.md`);
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("title: In conversation with", "title: Late talk with"),
    );
    mkdirSync(join(dir, "posts", "harbour-static"), { recursive: true });
    cpSync(
      join(ROOT, "public", "media", "audio", "night-drive.mp3"),
      join(dir, "posts", "harbour-static", "take.mp3"),
    );
    // A photo as a label uploads one: 2400 × 1600 px, about a megabyte.
    const photo = await makePhoto({ width: 2400, height: 1600, seed: 11 });
    writeFileSync(join(dir, "posts", "harbour-static", "cover.jpg"), photo);
    const hash = createHash("sha256").update(photo).digest("hex").slice(0, 24);
    writeFileSync(
      join(dir, "posts", "harbour-static", "index.md"),
      [
        "---",
        "title: Harbour Static premieres Quayside",
        "artist_name: Harbour Static",
        "excerpt: A first listen.",
        "post_date: 2026-11-20T10:00:00Z",
        "category: premieres",
        "pub_status: published",
        "genres: [techno]",
        "locations: [berlin]",
        "tags: [vinyl]",
        "audio_platform: local",
        "audio_file: take.mp3",
        "track_title: Quayside",
        "cover_image: cover.jpg",
        "---",
        "Recorded in one *long* take by the water.",
        "",
        "Out on vinyl next month.",
        "",
      ].join("\n"),
    );
    // A description of two paragraphs: stored with a line break (char(10) in the SQL).
    const event = join(dir, "events", `${EVENT}.md`);
    writeFileSync(event, `${readFileSync(event, "utf8")}\nBring ear plugs; the rig is loud.\n`);
    writeFileSync(
      join(dir, "posts", "quiet-draft.md"),
      "---\ntitle: Quiet draft\npost_date: '2026-11-21T10:00:00.000Z'\n---\nNot yet.\n",
    );

    const result = await importFrom("a", "--site", worker.url);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("posts: 72 updated, 2 new");
    expect(result.stdout).toContain("uploaded audio/posts/harbour-static/take.mp3");
    expect(result.stdout).toContain("uploaded audio/posts/harbour-static/take.peaks.json");

    const edited = await page(`/blog/${slug}`);
    expect(edited.html).toContain("Late talk with Ezinne Nwosu");
    const added = await page("/blog/harbour-static");
    expect(added.status).toBe(200);
    expect(added.html).toContain("Recorded in one long take by the water.");
    expect(added.html).toContain("/media/audio/posts/harbour-static/take.mp3");
    // Its photo, uploaded once by its hash: drawn from the ladder's widths at its 3:2 shape, and
    // each variant made on first request, AVIF for a browser that takes it, kept for a year.
    expect(result.stdout).toContain(`uploaded img/${hash}`);
    const cover = added.html.match(/<img [^>]*post__cover[^>]*>/)?.[0] ?? "";
    expect(cover).toContain(`/media/img/${hash}/1920 1920w`);
    expect(cover).toContain('width="600" height="400"');
    // The widths of a first view were made by the import itself; another is made on request.
    expect(result.stdout).toContain(`made 6 first-view variant(s) of 1 photo(s) at ${worker.url}`);
    for (const [width, kept] of [
      ["640", "kept"],
      ["480", "made"],
      ["480", "kept"],
    ]) {
      const variant = await fetch(`${worker.url}/media/img/${hash}/${width}`, {
        headers: { Accept: "image/avif,*/*" },
      });
      expect(variant.status).toBe(200);
      expect(variant.headers.get("Content-Type")).toBe("image/avif");
      expect(variant.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(variant.headers.get("X-Image-Variant")).toBe(kept);
      expect((await variant.arrayBuffer()).byteLength).toBeLessThan(photo.length / 4);
    }
    // Shared, the post and a release with SVG art each show a 1200 × 630 JPEG: the photo's cut by
    // the Images binding, the art's rendered at build.
    for (const html of [added.html, (await page("/releases/bjorn-astrom-faded-harbour")).html]) {
      const card = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1] ?? "";
      const res = await fetch(card.replace(/^https?:\/\/[^/]+/, worker.url));
      expect(res.status, card).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, card).toEqual({
        format: "jpeg",
        width: 1200,
        height: 630,
      });
    }
    const audio = await fetch(`${worker.url}/media/audio/posts/harbour-static/take.mp3`);
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(
      readFileSync(join(ROOT, "public", "media", "audio", "night-drive.mp3")),
    );
    // Its waveform, computed at import and kept beside it, is what the player draws.
    const peaks = await fetch(`${worker.url}/media/audio/posts/harbour-static/take.peaks.json`);
    expect(peaks.status).toBe(200);
    expect(await peaks.text()).toBe(
      readFileSync(join(ROOT, "public", "media", "audio", "night-drive.peaks.json"), "utf8"),
    );
    const search = (await (await fetch(`${worker.url}/api/search?type=posts&q=quayside`)).json()) as {
      posts: { items: Array<{ post: { slug: string } }> };
    };
    expect(search.posts.items.map((i) => i.post.slug)).toEqual(["harbour-static"]);
    expect((await page(`/events/${EVENT}`)).html).toContain("Bring ear plugs; the rig is loud.");
    // A file without pub_status is a draft: stored, never shown.
    expect((await page("/blog/quiet-draft")).status).toBe(404);
  });

  it("export → import → export gives the same bytes", async () => {
    const first = await exportTo("b");
    expect(first.get("posts/harbour-static.md")).toContain(
      "audio_file: /media/audio/posts/harbour-static/take.mp3",
    );
    expect(first.get("posts/quiet-draft.md")).toContain("pub_status: draft");
    expect(first.get(`events/${EVENT}.md`)).toMatch(/buy early\.\n\nBring ear plugs; the rig is loud\.\n$/);
    const result = await importFrom("b");
    expect(result.status).toBe(0);
    const second = await exportTo("c");
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [path, text] of first) expect(second.get(path), path).toBe(text);
  });

  it("writes nothing when one file is invalid, and names the file and the field", async () => {
    const dir = join(WORK, "c");
    const good = join(dir, "posts", "harbour-static.md");
    writeFileSync(
      good,
      readFileSync(good, "utf8").replace("title: Harbour Static premieres", "title: Changed"),
    );
    const bad = join(dir, "releases", "velvet-static-lunar-ritual.md");
    writeFileSync(
      bad,
      readFileSync(bad, "utf8").replace("release_date: '2024-08-05'", "release_date: someday"),
    );

    const result = await importFrom("c");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Nothing was written.");
    expect(result.stderr).toContain(
      "releases/velvet-static-lunar-ritual.md: release_date: must be a date like '2026-03-01'",
    );
    expect((await page("/blog/harbour-static")).html).toContain("Harbour Static premieres Quayside");
    const after = await exportTo("d");
    expect(after.get("posts/harbour-static.md")).toContain("title: Harbour Static premieres Quayside");
  });

  it("keeps items without a file unless --prune, which deletes them", async () => {
    rmSync(join(WORK, "d", "posts", "quiet-draft.md"));
    rmSync(join(WORK, "d", "posts", "harbour-static.md"));
    const kept = await importFrom("d");
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain(
      "2 item(s) in the database have no file here: kept (--prune deletes them).",
    );
    expect((await page("/blog/harbour-static")).status).toBe(200);

    const pruned = await importFrom("d", "--prune");
    expect(pruned.status).toBe(0);
    expect(pruned.stdout).toContain("posts: 72 updated, 0 new, 2 deleted");
    expect((await page("/blog/harbour-static")).status).toBe(404);
    const search = (await (await fetch(`${worker.url}/api/search?type=posts&q=quaysid`)).json()) as {
      posts: { total: number };
    };
    expect(search.posts.total).toBe(0);
    const final = await exportTo("e");
    expect(final.has("posts/harbour-static.md")).toBe(false);
    expect(final.size).toBe(readFolder(DEMO_CONTENT).markdown.size);
  });

  it("moves a calendar's entry with its file: the same UID, SEQUENCE raised by a new time, not by an unchanged import", async () => {
    const ics = async () => (await fetch(`${worker.url}/events/${EVENT}.ics`)).text();
    const line = (text: string, name: string) => text.split("\r\n").find((l) => l.startsWith(`${name}:`));
    const before = await ics();
    const uid = line(before, "UID");
    expect(uid).toMatch(/^UID:event-\d+@/);
    expect(line(before, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(line(before, "LAST-MODIFIED")).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z$/);
    expect(line(before, "DTSTART")).toBe("DTSTART:20250315T220000Z");

    // Imported again as it is: the calendar has nothing to update.
    expect((await importFrom("e")).status).toBe(0);
    expect(line(await ics(), "SEQUENCE")).toBe("SEQUENCE:0");

    // The night moved by an hour, then called off.
    const file = join(WORK, "e", "events", `${EVENT}.md`);
    const later = readFileSync(file, "utf8")
      .replace("starts_at: '2025-03-15T22:00:00+00:00'", "starts_at: '2025-03-15T23:00:00+00:00'")
      .replace("ends_at: '2025-03-16T04:00:00+00:00'", "ends_at: '2025-03-16T05:00:00+00:00'");
    writeFileSync(file, later);
    expect((await importFrom("e")).status).toBe(0);
    const moved = await ics();
    expect(line(moved, "UID")).toBe(uid);
    expect(line(moved, "SEQUENCE")).toBe("SEQUENCE:1");
    expect(line(moved, "DTSTART")).toBe("DTSTART:20250315T230000Z");
    writeFileSync(file, later.replace(/^status: scheduled$/m, "status: cancelled"));
    expect((await importFrom("e")).status).toBe(0);
    const cancelled = await ics();
    expect(line(cancelled, "UID")).toBe(uid);
    expect(line(cancelled, "SEQUENCE")).toBe("SEQUENCE:2");
    expect(line(cancelled, "STATUS")).toBe("STATUS:CANCELLED");
  });

  it("renames a release by its file: the old address answers 301, export writes the former slug, a new file may take it", async () => {
    const OLD = "velvet-static-lunar-ritual";
    const NEW = "velvet-static-lunar-ritual-remastered";
    renameSync(join(WORK, "e", "releases", `${OLD}.md`), join(WORK, "e", "releases", `${NEW}.md`));
    const renamed = await importFrom("e");
    expect(renamed.status, renamed.stderr).toBe(0);
    const moved = await fetch(`${worker.url}/releases/${OLD}?t=5`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/releases/${NEW}?t=5`);
    expect((await page(`/releases/${NEW}`)).html).toContain("Lunar Ritual");

    const exported = await exportTo("f");
    expect(exported.has(`releases/${OLD}.md`)).toBe(false);
    expect(exported.get(`releases/${NEW}.md`)).toMatch(new RegExp(`\\nformer_slugs:\\n  - ${OLD}\\n`));

    // A new release under the slug given up: the address is its page from then on.
    writeFileSync(
      join(WORK, "f", "releases", `${OLD}.md`),
      "---\ntitle: A new record under an old name\nartist_name: Velvet Static\nrelease_date: '2026-11-01'\npub_status: published\n---\n",
    );
    const taken = await importFrom("f");
    expect(taken.status, taken.stderr).toBe(0);
    const now = await page(`/releases/${OLD}`);
    expect(now.status).toBe(200);
    expect(now.html).toContain("A new record under an old name");
    expect((await page(`/releases/${NEW}`)).status).toBe(200);

    // And the round trip holds with renames in the store.
    const first = await exportTo("g");
    expect((await importFrom("g")).status).toBe(0);
    const second = await exportTo("h");
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [path, text] of first) expect(second.get(path), path).toBe(text);
  });
});
