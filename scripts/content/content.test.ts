// The content file format (docs/decisions/033-content-files.md): content/ holds exactly the demo
// catalogue, bodies survive the trip through Markdown, and bad files are named field by field.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { paragraph } from "@core/content/document";
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhoto } from "../media/photos";
import { ContentError, catalogueFromFiles, DEMO_CONTENT, loadCatalogue, readFolder } from "./folder";
import { photoHash } from "./images";
import { bodyToParagraphs, normaliseParagraphs, paragraphsToBody } from "./markdown";
import { mediaBucket, planMedia } from "./media";
import { parseContent } from "./parse";
import { namedPhotos, recordedPhotos } from "./photos";
import { NO_ROWS, resolveContent } from "./resolve";
import { catalogueToFiles } from "./write";

const demoFiles = readFolder(DEMO_CONTENT).markdown;

function problemsOf(files: Record<string, string>) {
  const { content, problems } = parseContent(new Map(Object.entries(files)));
  return [...problems, ...resolveContent(content).problems];
}

const GENRE = "---\nid: 1\nname: Techno\n---\n";
const post = (front: string, body = "Some words.\n") =>
  `---\ntitle: A post\npost_date: '2026-03-01T18:00:00.000Z'\n${front}---\n${body}`;

describe("content/", () => {
  it("is what its own catalogue writes, file for file (the files are in the form write.ts gives)", () => {
    const written = catalogueToFiles(loadCatalogue());
    expect([...demoFiles.keys()].sort()).toEqual([...written.keys()].sort());
    for (const [path, text] of written) expect(demoFiles.get(path), path).toBe(text);
  });

  it("holds drafts as well as published items", () => {
    const loaded = loadCatalogue();
    expect(loaded.posts.filter((p) => p.pub_status === "draft").length).toBeGreaterThan(0);
  });

  it("writes the same files again after a read", () => {
    const again = catalogueToFiles(catalogueFromFiles(demoFiles));
    expect(again).toEqual(demoFiles);
  });
});

describe("Markdown bodies", () => {
  it("give back any plain paragraphs written by paragraphsToBody", () => {
    const line = fc
      .string({ unit: fc.constantFrom(..."ab1 .-#*_`[]<>&;!=+~\\()'\"|:/é\t".split("")), maxLength: 40 })
      .map((s) => s.trim())
      .filter((s) => s !== "");
    fc.assert(
      fc.property(fc.array(fc.array(line, { minLength: 1, maxLength: 3 }), { maxLength: 4 }), (blocks) => {
        const paragraphs = normaliseParagraphs(blocks.map((lines) => lines.join("\n")));
        const { paragraphs: back, problems } = bodyToParagraphs(paragraphsToBody(paragraphs));
        expect(problems).toEqual([]);
        expect(back).toEqual(paragraphs);
      }),
      { numRuns: 2000 },
    );
  });

  it("read emphasis and code as their text, and entities as characters", () => {
    expect(bodyToParagraphs("A *loud* and **bold** `code` &amp; more.\n\nSecond.").paragraphs).toEqual([
      "A loud and bold code & more.",
      "Second.",
    ]);
  });
});

describe("a file with problems", () => {
  it("is named with each wrong field and what is wrong", () => {
    const problems = problemsOf({
      "genres/techno.md": GENRE,
      "posts/bad-one.md": post(
        "pub_status: live\nis_feautred: true\ngenres: [technoo]\ncategory: gossip\n",
        "# Heading\n\nText with a [link](javascript:alert(1)).\n",
      ),
      "posts/no-title.md": "---\npost_date: 2026-03-01\n---\n",
      "posts/Bad_Name.md": post(""),
      "posts/unknown-genre.md": post("genres: [techno, technoo]\n"),
      "mixtapes/bad-date.md": "---\ntitle: Mix\nrelease_date: '2026-13-45'\n---\n",
      "events/no-zone.md":
        "---\ntitle: Night\nstarts_at: '2026-12-05 23:00'\ntimezone: Mars/Olympus\nvenue: V\ncity: C\n---\n",
    });
    const lines = problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        "posts/bad-one.md: pub_status: must be draft or published (missing: draft)",
        expect.stringMatching(
          /^posts\/bad-one\.md: is_feautred: is not a field here \(known fields: id, title, /,
        ),
        "posts/bad-one.md: category: must be news, interviews, premieres, reviews or features",
        "posts/bad-one.md: body (line 1): a heading of level 1 is not supported: use ## to #### (the page's title is its only #)",
        "posts/bad-one.md: body (line 3): the link 'javascript:alert(1)' is not allowed: a link is http:, https:, mailto: or a path of the site",
        expect.stringMatching(/^posts\/no-title\.md: title: is required/),
        "posts/Bad_Name.md: (file name): the file name is the slug: lower-case letters, digits and single hyphens",
        "posts/unknown-genre.md: genres[1]: 'technoo' is no genre (no file genres/technoo.md, none in the database)",
        "mixtapes/bad-date.md: release_date: is not a real date",
        "events/no-zone.md: timezone: must be an IANA time zone like 'Europe/Berlin'",
      ]),
    );
    expect(() => catalogueFromFiles(new Map([["posts/x.md", "---\ntitle: [\n---\n"]]))).toThrow(ContentError);
  });

  it("refuses a publish_at without a zone, unquoted, or not a real time, naming the file and the field", () => {
    const lines = problemsOf({
      "posts/no-zone.md": post("pub_status: published\npublish_at: '2027-06-01T09:00:00'\n"),
      "posts/unquoted.md": post("pub_status: published\npublish_at: 2027-06-01T09:00:00+02:00\n"),
      "posts/no-day.md": post("publish_at: '2027-02-30T09:00:00+02:00'\n"),
      "posts/words.md": post("publish_at: next friday\n"),
      "events/late.md":
        "---\ntitle: Night\nstarts_at: '2026-12-05T23:00:00+01:00'\ntimezone: Europe/Berlin\nvenue: V\ncity: C\npublish_at: '2027-06-01 09:00'\n---\n",
      "posts/fine.md": post("pub_status: published\npublish_at: '2027-06-01T09:00:00+02:00'\n"),
      "posts/utc.md": post("pub_status: published\npublish_at: '2027-06-01T07:00:00.000Z'\n"),
    }).map((p) => `${p.file}: ${p.field}: ${p.message}`);
    const ZONED =
      "must be a date and time with its zone, in quotes, like '2027-06-01T09:00:00+02:00' or '2027-06-01T07:00:00Z'";
    expect(lines.filter((l) => l.includes("publish_at")).sort()).toEqual(
      [
        `events/late.md: publish_at: ${ZONED}: it has no zone`,
        `posts/no-day.md: publish_at: ${ZONED}: it is not a real date and time`,
        `posts/no-zone.md: publish_at: ${ZONED}: it has no zone`,
        `posts/unquoted.md: publish_at: ${ZONED} (unquoted, YAML reads it as a date and drops its zone)`,
        `posts/words.md: publish_at: ${ZONED}: it has no zone`,
      ].sort(),
    );
    expect(lines.filter((l) => l.startsWith("posts/fine.md") || l.startsWith("posts/utc.md"))).toEqual([]);
  });

  it("writes a publish_at back as the file gave it, quoted, after the status", () => {
    const files = new Map([
      ["genres/techno.md", GENRE],
      ["posts/later.md", post("pub_status: published\npublish_at: '2027-06-01T09:00:00+02:00'\n")],
    ]);
    const written = catalogueToFiles(catalogueFromFiles(files)).get("posts/later.md") ?? "";
    expect(written).toContain("pub_status: published\npublish_at: '2027-06-01T09:00:00+02:00'\n");
    expect(
      catalogueToFiles(catalogueFromFiles(new Map([["posts/later.md", written]]))).get("posts/later.md"),
    ).toBe(written);
  });

  it("refuses front matter that is not YAML and runs none of it (---js, ---javascript, ---coffee)", () => {
    const ran = globalThis as { crossfadeFrontMatterRan?: string[] };
    ran.crossfadeFrontMatterRan = [];
    const code = (lang: string) =>
      `---${lang}\n{ title: (globalThis.crossfadeFrontMatterRan.push("${lang}"), "Ran"), post_date: "2026-03-01T18:00:00.000Z" }\n---\nSome words.\n`;
    const files = {
      "genres/techno.md": GENRE,
      "posts/by-js.md": code("js"),
      "posts/by-javascript.md": code("javascript"),
      "posts/by-coffee.md": code("coffee"),
      "posts/by-json.md": '---json\n{ "title": "Json", "post_date": "2026-03-01T18:00:00.000Z" }\n---\n',
      "posts/spaced.md": code(" js "),
    };
    const lines = problemsOf(files).map((p) => `${p.file}: ${p.field}: ${p.message}`);
    const refused = (file: string, lang: string) =>
      `posts/${file}.md: (front matter): must be YAML (between --- lines), not ---${lang}: nothing else is read`;
    expect(lines).toEqual(
      expect.arrayContaining([
        refused("by-js", "js"),
        refused("by-javascript", "javascript"),
        refused("by-coffee", "coffee"),
        refused("by-json", "json"),
        refused("spaced", "js"),
      ]),
    );
    expect(() => catalogueFromFiles(new Map(Object.entries(files)))).toThrow(ContentError);
    expect(ran.crossfadeFrontMatterRan).toEqual([]);
    // Plain and explicitly named YAML still read.
    expect(
      problemsOf({ "posts/plain.md": post(""), "posts/named.md": post("").replace(/^---/, "---yaml") }),
    ).toEqual([]);
  });

  it("links artists by slug from posts, tracklists and lineups, and names a slug that is no artist", () => {
    const artist =
      "---\nname: Jürgen Møller\ngenres: [techno]\nlinks:\n  - platform: bandcamp\n    url: 'https://jm.bandcamp.com/'\n---\nFrom Berlin.\n";
    const c = catalogueFromFiles(
      new Map([
        ["genres/techno.md", GENRE],
        ["artists/jurgen-moller.md", artist],
        ["posts/quiet.md", post("artist_name: Jürgen Møller\nartists: [jurgen-moller]\n")],
        [
          "events/night.md",
          "---\ntitle: Night\nstarts_at: '2026-07-04T22:00:00+02:00'\ntimezone: Europe/Berlin\nvenue: Hall\ncity: Berlin\nlineup:\n  - Guest\n  - name: Jürgen Møller\n    artists: [jurgen-moller]\n---\n",
        ],
      ]),
    );
    expect(c.artists).toMatchObject([
      { slug: "jurgen-moller", bio: [paragraph("From Berlin.")], genre_ids: [1] },
    ]);
    expect(c.posts[0]?.artist_ids).toEqual([c.artists[0]?.id]);
    expect(c.events[0]?.lineup).toEqual(["Guest", "Jürgen Møller"]);
    expect(c.events[0]?.lineup_artists).toEqual([{ entry: 2, artist_id: c.artists[0]?.id }]);
    expect(
      problemsOf({
        "posts/quiet.md": post("artists: [nobody]\n"),
        "mixtapes/mix.md":
          "---\ntitle: Mix\nrelease_date: '2026-01-01'\ntracklist:\n  - artist: X\n    artists: [no-one]\n    title: T\n---\n",
      }).map((p) => `${p.file}: ${p.field}: ${p.message}`),
    ).toEqual([
      "posts/quiet.md: artists[0]: 'nobody' is no artist (no file artists/nobody.md, none in the database)",
      "mixtapes/mix.md: tracklist[0].artists[0]: 'no-one' is no artist (no file artists/no-one.md, none in the database)",
    ]);
  });

  it("keeps drafts drafts: a file without pub_status is a draft", () => {
    const c = catalogueFromFiles(new Map([["posts/quiet.md", post("")]]));
    expect(c.posts[0]?.pub_status).toBe("draft");
  });

  it("turns an unquoted YAML event time into the venue's wall time and offset", () => {
    const c = catalogueFromFiles(
      new Map([
        [
          "events/summer-night.md",
          "---\ntitle: Summer night\nstarts_at: 2026-07-04T20:00:00Z\nends_at: '2026-07-05T04:00:00+02:00'\ntimezone: Europe/Berlin\nvenue: Hall\ncity: Berlin\n---\n",
        ],
      ]),
    );
    expect(c.events[0]?.starts_at).toBe("2026-07-04T22:00:00+02:00");
    expect(c.events[0]?.ends_at).toBe("2026-07-05T04:00:00+02:00");
  });

  it("refuses two files claiming one id, and a genre's id the database gives another slug", () => {
    const { content } = parseContent(
      new Map([
        ["genres/techno.md", GENRE],
        ["genres/house.md", "---\nid: 1\nname: House\n---\n"],
        ["genres/dub.md", "---\nid: 5\nname: Dub\n---\n"],
      ]),
    );
    const known = { ...NO_ROWS, genres: [{ id: 5, key: "someone-else" }] };
    const lines = resolveContent(content, known).problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
    expect(lines).toEqual([
      "genres/dub.md: id: 5 belongs to slug 'someone-else' in the database; leave id out to get a new one",
      "genres/techno.md: id: 1 is also the id of genres/house.md",
    ]);
  });
});

describe("a renamed item (docs/decisions/151-renamed-slugs-redirect.md)", () => {
  const RELEASE = (front: string) =>
    `---\n${front}title: Tide\nartist_name: Tide\nrelease_date: '2026-01-01'\n---\n`;
  const EVENT = (front: string) =>
    `---\n${front}title: Night\nstarts_at: '2026-07-04T22:00:00+02:00'\ntimezone: Europe/Berlin\nvenue: Hall\ncity: Berlin\n---\n`;
  const MIXTAPE = (front: string) => `---\n${front}title: Mix\nrelease_date: '2026-01-01'\n---\n`;

  it("keeps the slug the database has for its id as a former slug, which export writes and a second import keeps", () => {
    const known = {
      ...NO_ROWS,
      posts: [{ id: 5, key: "old-post" }],
      releases: [{ id: 3, key: "tide-ep" }],
      mixtapes: [{ id: 2, key: "mix-001" }],
      events: [{ id: 9, key: "night-2026" }],
    };
    const files = new Map([
      ["posts/new-post.md", post("id: 5\nformer_slugs:\n  - first-post\n")],
      ["releases/tide.md", RELEASE("id: 3\n")],
      ["mixtapes/mix-001-tide.md", MIXTAPE("id: 2\n")],
      ["events/night-berlin-2026.md", EVENT("id: 9\n")],
    ]);
    const { content, problems } = parseContent(files);
    expect(problems).toEqual([]);
    const first = resolveContent(content, known);
    expect(first.problems).toEqual([]);
    expect(first.catalogue.posts.map((p) => [p.id, p.slug, p.former_slugs])).toEqual([
      [5, "new-post", ["first-post", "old-post"]],
    ]);
    expect(first.catalogue.releases.map((r) => [r.id, r.slug, r.former_slugs])).toEqual([
      [3, "tide", ["tide-ep"]],
    ]);
    expect(first.catalogue.mixtapes[0]?.former_slugs).toEqual(["mix-001"]);
    expect(first.catalogue.events[0]?.former_slugs).toEqual(["night-2026"]);

    // What export writes from the store the import filled, and what importing that again gives.
    const written = catalogueToFiles(first.catalogue);
    expect(written.get("releases/tide.md")).toContain("former_slugs:\n  - tide-ep\n");
    expect(written.get("posts/new-post.md")).toContain("former_slugs:\n  - first-post\n  - old-post\n");
    const after = {
      ...NO_ROWS,
      posts: [{ id: 5, key: "new-post" }],
      releases: [{ id: 3, key: "tide" }],
      mixtapes: [{ id: 2, key: "mix-001-tide" }],
      events: [{ id: 9, key: "night-berlin-2026" }],
    };
    const again = resolveContent(parseContent(written).content, after);
    expect(again.problems).toEqual([]);
    expect(again.catalogue.releases[0]?.former_slugs).toEqual(["tide-ep"]);
    expect(catalogueToFiles(again.catalogue)).toEqual(written);
  });

  it("frees its old slug: a new file under it is a new item with the next id", () => {
    const known = { ...NO_ROWS, releases: [{ id: 3, key: "tide-ep" }] };
    const files = new Map([
      ["releases/tide.md", RELEASE("id: 3\n")],
      ["releases/tide-ep.md", RELEASE("")],
    ]);
    const { catalogue, problems } = resolveContent(parseContent(files).content, known);
    expect(problems).toEqual([]);
    expect(catalogue.releases.map((r) => [r.id, r.slug, r.former_slugs])).toEqual([
      [3, "tide", ["tide-ep"]],
      [4, "tide-ep", []],
    ]);
  });
});

describe("media beside a file", () => {
  it("turns relative audio paths into MEDIA keys and refuses missing files and what is no image", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-media-"));
    try {
      mkdirSync(join(dir, "releases", "tide-ep"), { recursive: true });
      writeFileSync(join(dir, "releases", "tide-ep", "b-side.mp3"), "ID3");
      writeFileSync(join(dir, "releases", "tide-ep", "cover.png"), "PNG");
      const files = new Map([
        [
          "releases/tide-ep/index.md",
          [
            "---",
            "title: Tide",
            "artist_name: Tide",
            "release_date: '2026-01-01'",
            "artwork: cover.png",
            "tracks:",
            "  - title: A side",
            "    audio_url: https://example.com/a.mp3",
            "  - title: B side",
            "    audio_url: b-side.mp3",
            "  - title: C side",
            "    audio_url: ./c-side.mp3",
            "---",
          ].join("\n"),
        ],
      ]);
      const { content } = parseContent(files);
      const { uploads, problems } = await planMedia(dir, content);
      expect(uploads).toEqual([
        {
          file: join(dir, "releases", "tide-ep", "b-side.mp3"),
          key: "audio/releases/tide-ep/b-side.mp3",
          contentType: "audio/mpeg",
        },
      ]);
      expect(content.releases[0]?.front.tracks.map((t) => t.audio_url)).toEqual([
        "https://example.com/a.mp3",
        "/media/audio/releases/tide-ep/b-side.mp3",
        "./c-side.mp3",
      ]);
      expect(problems.map((p) => `${p.file}: ${p.field}`)).toEqual([
        "releases/tide-ep/index.md: artwork",
        "releases/tide-ep/index.md: tracks[2].audio_url",
      ]);
      expect(problems[0]?.message).toBe("'cover.png' is not a JPEG, PNG, WebP or AVIF image by its bytes");
      expect(problems[1]?.message).toBe("'./c-side.mp3' is no file beside releases/tide-ep/index.md");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("photos beside a file", () => {
  const post = (slug: string, cover: string, audio?: string) => [
    `posts/${slug}/index.md`,
    [
      "---",
      `title: ${slug}`,
      "post_date: '2026-03-01T18:00:00.000Z'",
      `cover_image: ${cover}`,
      ...(audio ? [`audio_file: ${audio}`] : []),
      "---",
      "Text.",
    ].join("\n"),
  ];

  it("are named by their content hash with their size, once for the same photo under two names", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-photos-"));
    try {
      const jpeg = await makePhoto({ width: 1600, height: 1000, seed: 2 });
      for (const slug of ["one", "two"]) mkdirSync(join(dir, "posts", slug), { recursive: true });
      mkdirSync(join(dir, "artists"), { recursive: true });
      writeFileSync(join(dir, "posts", "one", "cover.jpg"), jpeg);
      writeFileSync(join(dir, "posts", "two", "same-photo.jpeg"), jpeg);
      const portrait = await sharp({
        create: { width: 300, height: 400, channels: 3, background: "#445566" },
      })
        .png()
        .toBuffer();
      writeFileSync(join(dir, "artists", "portrait.png"), portrait);
      const files = new Map([
        post("one", "cover.jpg"),
        post("two", "same-photo.jpeg"),
        ["artists/mara.md", ["---", "name: Mara", "image: portrait.png", "---", "Bio."].join("\n")],
      ] as Array<[string, string]>);
      const { content, problems: parsing } = parseContent(files);
      expect(parsing).toEqual([]);
      const { uploads, problems } = await planMedia(dir, content);
      expect(problems).toEqual([]);
      const hash = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 24);
      expect(uploads).toEqual([
        {
          file: join(dir, "artists", "portrait.png"),
          key: `img/${hash(portrait)}`,
          contentType: "image/png",
        },
        { file: join(dir, "posts", "one", "cover.jpg"), key: `img/${hash(jpeg)}`, contentType: "image/jpeg" },
      ]);
      expect(content.posts.map((p) => p.front.cover_image)).toEqual([
        `/media/img/${hash(jpeg)}/1600x1000`,
        `/media/img/${hash(jpeg)}/1600x1000`,
      ]);
      expect(content.artists[0]?.front.image).toBe(`/media/img/${hash(portrait)}/300x400`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("in a post's body are uploaded as covers are, and the figure names the stored photo", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-photos-"));
    try {
      const jpeg = await makePhoto({ width: 2400, height: 1600, seed: 3 });
      mkdirSync(join(dir, "posts", "rich"), { recursive: true });
      writeFileSync(join(dir, "posts", "rich", "studio.jpg"), jpeg);
      writeFileSync(join(dir, "posts", "rich", "broken.jpg"), "not a photo at all");
      const body = (image: string) =>
        [
          "---",
          "title: Rich",
          "post_date: '2026-03-01T18:00:00.000Z'",
          "cover_image: /media/covers/x.svg",
          "---",
          "Before.",
          "",
          `![The studio at night](${image} "Photo: the label")`,
        ].join("\n");
      const { content, problems: parsing } = parseContent(
        new Map([["posts/rich/index.md", body("studio.jpg")]]),
      );
      expect(parsing).toEqual([]);
      const { uploads, problems } = await planMedia(dir, content);
      expect(problems).toEqual([]);
      const key = `img/${photoHash(jpeg)}`;
      expect(uploads).toEqual([
        { file: join(dir, "posts", "rich", "studio.jpg"), key, contentType: "image/jpeg" },
      ]);
      expect(content.posts[0]?.document[1]).toEqual({
        type: "image",
        src: `/media/img/${photoHash(jpeg)}/2400x1600`,
        alt: "The studio at night",
        caption: "Photo: the label",
      });

      const broken = parseContent(new Map([["posts/rich/index.md", body("broken.jpg")]]));
      const refused = await planMedia(dir, broken.content);
      expect(refused.uploads).toEqual([]);
      expect(refused.problems).toEqual([
        {
          file: "posts/rich/index.md",
          field: "body (image 'broken.jpg')",
          message: expect.stringContaining("broken.jpg"),
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("already stored travel with the folder: a photo beside the files whose hash one names is uploaded", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-carried-"));
    try {
      mkdirSync(join(dir, "posts"), { recursive: true });
      const named = await makePhoto({ width: 640, height: 480, seed: 7 });
      const unnamed = await makePhoto({ width: 640, height: 480, seed: 8 });
      writeFileSync(join(dir, "posts", "named.jpg"), named);
      writeFileSync(join(dir, "posts", "copy.jpg"), named);
      writeFileSync(join(dir, "posts", "unnamed.jpg"), unnamed);
      writeFileSync(join(dir, "posts", "notes.txt"), "not a photo");
      const hash = photoHash(named);
      const folder = readFolder(dir);
      const markdown = new Map([
        ["posts/a.md", `---\ncover_image: /media/img/${hash}/640x480\n---\n`],
        ["posts/b.md", `---\ncover_image: /media/img/${"0".repeat(24)}/640x480\n---\n`],
      ]);
      expect(recordedPhotos(dir, folder.other, namedPhotos(markdown))).toEqual([
        { file: join(dir, "posts", "copy.jpg"), key: `img/${hash}`, contentType: "image/jpeg" },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("are refused with the file and the reason when damaged, too large, SVG, another format or in an audio field", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-photos-"));
    try {
      mkdirSync(join(dir, "posts", "p"), { recursive: true });
      const at = (name: string) => join(dir, "posts", "p", name);
      const jpeg = await makePhoto({ width: 800, height: 600, seed: 3 });
      writeFileSync(at("cut.jpg"), jpeg.subarray(0, jpeg.length / 2));
      writeFileSync(
        at("wide.png"),
        await sharp({ create: { width: 12_001, height: 2, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      );
      const huge = Buffer.alloc(26 * 1024 * 1024);
      jpeg.copy(huge);
      writeFileSync(at("huge.jpg"), huge);
      writeFileSync(at("art.svg"), "<svg/>");
      writeFileSync(at("anim.gif"), "GIF89a");
      writeFileSync(at("photo.jpg"), jpeg);
      const files = new Map(
        [
          ["cut", "cut.jpg"],
          ["wide", "wide.png"],
          ["huge", "huge.jpg"],
          ["svg", "art.svg"],
          ["gif", "anim.gif"],
        ].map(
          ([slug, name]) =>
            [`posts/${slug}.md`, post(slug as string, `p/${name}`)[1] as string] as [string, string],
        ),
      );
      files.set("posts/audio.md", post("audio", "https://example.com/a.jpg", "p/photo.jpg")[1] as string);
      const { content } = parseContent(files);
      const { uploads, problems } = await planMedia(dir, content);
      expect(uploads).toEqual([]);
      expect(problems.map((p) => `${p.file}: ${p.field}: ${p.message}`)).toEqual([
        "posts/audio.md: audio_file: 'p/photo.jpg': only audio (mp3, m4a, aac, ogg, opus, wav, flac) is uploaded from beside a file for this field",
        "posts/cut.md: cover_image: 'p/cut.jpg' is a damaged JPEG image: it cannot be decoded",
        "posts/gif.md: cover_image: 'p/anim.gif': an image beside a file is a JPEG, PNG, WebP or AVIF (.jpg, .png, .webp, .avif)",
        "posts/huge.md: cover_image: 'p/huge.jpg' is 26.0 MB: an image may be at most 25 MB",
        "posts/svg.md: cover_image: 'p/art.svg': SVG art is served from public/media/covers/: put it there and write '/media/covers/art.svg'",
        "posts/wide.md: cover_image: 'p/wide.png' is 12001 × 2 px: an image may be at most 12000 px a side",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the MEDIA bucket an import uploads to", () => {
  it("is the one wrangler.toml names for the environment", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    const target = (env?: string) => ({ remote: env !== undefined, persistTo: tmpdir(), env });
    expect(mediaBucket(target(), toml)).toBe("crossfade-media");
    expect(mediaBucket(target("staging"), toml)).toBe("crossfade-media-staging");
    expect(mediaBucket(target("production"), toml)).toBe("crossfade-media-production");
    expect(() => mediaBucket(target("nowhere"), toml)).toThrow(
      "wrangler.toml has no MEDIA bucket in [env.nowhere]",
    );
  });
});
