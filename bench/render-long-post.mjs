// `node bench/render-long-post.mjs`: what a rich body costs the server's render. Two posts of the
// same 5,000 words in one store: one in plain paragraphs, the other as editors write a long
// feature (docs/decisions/144-one-document-model.md): headings, lists, quotes, links and
// emphasis in the text, 10 photos and 5 embedded tracks. Render CPU of each (page request − data
// request, bench/render-cost.mjs), PAGE_CACHE=off, and the rich post's median against the plain
// one's, measured in the same run. The photos are the demo's (already in the store, by hash);
// a render draws their variants' URLs and fetches nothing.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareDatabase, ROOT, serve } from "../scripts/lib.mjs";
import { IMAGE_LINE } from "./images.mjs";
import { measureRenderCost, renderCostTable } from "./render-cost.mjs";
import { BENCH_PORT, PERSIST_TO, workerRuntimePid } from "./server.mjs";

const PORT = BENCH_PORT + 40;
const WORK = join(ROOT, "tests", ".artifacts", "bench-long-posts");
const WORDS = 5000;
const PARAGRAPHS = 50;
export const LONG_POSTS = {
  plain: "render-cost-a-long-post-in-plain-paragraphs",
  rich: "render-cost-the-same-post-with-photos-and-embeds",
};
const EMBEDS = [
  "[Harbour at dawn](https://open.spotify.com/track/51mCKtxirQHYKP9Lm6a4NB)",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "[Static Lines](https://soundcloud.com/bjorn-astrom/static-lines)",
  "[The album on Bandcamp](https://bjornastrom.bandcamp.com/album/harbour)",
  "https://www.mixcloud.com/crossfade/night-shift/",
];
const VOCABULARY =
  "the record night sound room tape synth drum bass city harbour light slow warm static signal crowd floor dawn loop voice echo reel vinyl label pressing sleeve groove".split(
    " ",
  );

/** Deterministic words: the same text on every run. */
function paragraphs() {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const per = WORDS / PARAGRAPHS;
  return Array.from({ length: PARAGRAPHS }, () =>
    Array.from({ length: per }, () => VOCABULARY[Math.floor(next() / 65536) % VOCABULARY.length]).join(" "),
  );
}

/** The demo's stored photos (`/media/img/<hash>/<w>x<h>`), read from content/. */
function demoPhotos() {
  const found = [];
  for (const kind of readdirSync(join(ROOT, "content")))
    for (const file of readdirSync(join(ROOT, "content", kind)).filter((f) => f.endsWith(".md"))) {
      const m = readFileSync(join(ROOT, "content", kind, file), "utf8").match(IMAGE_LINE);
      if (m?.[2]?.startsWith("/media/img/")) found.push(m[2]);
    }
  return found;
}

const front = (title) =>
  [
    "---",
    `title: '${title}'`,
    "artist_name: Björn Åström",
    "excerpt: A long read.",
    "post_date: '2026-06-01T10:00:00.000Z'",
    "category: features",
    "pub_status: published",
    "cover_image: /media/covers/placeholder.svg",
    "---",
  ].join("\n");

/** The two posts' Markdown: the same words, plain and rich. */
export function longPosts() {
  const texts = paragraphs();
  const photos = demoPhotos();
  const plain = `${front("Render cost: a long post in plain paragraphs")}\n${texts.join("\n\n")}\n`;
  const blocks = [];
  texts.forEach((t, i) => {
    if (i % 10 === 0) blocks.push(`## Part ${i / 10 + 1}`);
    const words = t.split(" ");
    // Emphasis, strong and a link in every paragraph, as a feature is written.
    words[3] = `*${words[3]}*`;
    words[9] = `**${words[9]}**`;
    words[20] = `[${words[20]}](https://example.com/${i})`;
    if (i % 10 === 4) blocks.push(words.slice(0, 50).join(" "), `> ${words.slice(50).join(" ")}`);
    else if (i % 10 === 6)
      blocks.push(
        words.slice(0, 50).join(" "),
        words
          .slice(50)
          .join(" ")
          .replace(/(\S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+) ?/g, "- $1\n")
          .trimEnd(),
      );
    else blocks.push(words.join(" "));
    if (i % 5 === 4)
      blocks.push(
        `![Photo ${i / 5 + 1} of the feature](${photos[((i - 4) / 5) % photos.length]} "Photo ${(i - 4) / 5 + 1}. Credit: Crossfade")`,
      );
    if (i % 10 === 7) blocks.push(EMBEDS[(i - 7) / 10]);
  });
  const rich = `${front("Render cost: the same post with photos and embeds")}\n${blocks.join("\n\n")}\n`;
  return { plain, rich };
}

/** The demo store with the two posts imported, served with PAGE_CACHE=off. */
async function longPostServer() {
  rmSync(WORK, { recursive: true, force: true });
  const folder = join(WORK, "content");
  mkdirSync(join(folder, "posts"), { recursive: true });
  const { plain, rich } = longPosts();
  writeFileSync(join(folder, "posts", `${LONG_POSTS.plain}.md`), plain);
  writeFileSync(join(folder, "posts", `${LONG_POSTS.rich}.md`), rich);
  const state = `${PERSIST_TO}-long-posts`;
  rmSync(state, { recursive: true, force: true });
  prepareDatabase(state);
  const out = spawnSync(
    join(ROOT, "node_modules", ".bin", "tsx"),
    ["scripts/content/cli.ts", "import", folder, "--persist-to", state],
    { cwd: ROOT, encoding: "utf8" },
  );
  if (out.status !== 0) throw new Error(`import of the long posts failed:\n${out.stderr || out.stdout}`);
  return serve({ port: PORT, persistTo: state, stdio: "ignore", vars: { PAGE_CACHE: "off" } });
}

export async function measureLongPost({ samples } = {}) {
  const server = await longPostServer();
  try {
    const rows = await measureRenderCost({
      url: server.url,
      pid: workerRuntimePid(server, PORT),
      routes: [
        ["a 5,000-word post, plain paragraphs", `/blog/${LONG_POSTS.plain}`],
        ["the same words with 10 photos and 5 embeds", `/blog/${LONG_POSTS.rich}`],
      ],
      samples,
    });
    const [plain, rich] = rows;
    return { rows, ratio: rich.render.median / plain.render.median };
  } finally {
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, ratio } = await measureLongPost();
  console.log(renderCostTable(rows));
  console.log(`rich / plain render CPU, medians: ${ratio.toFixed(2)}x`);
}
