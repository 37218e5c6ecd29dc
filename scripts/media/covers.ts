/**
 * `npx tsx scripts/media/covers.ts`: writes the generative SVG cover art for every image the
 * content files reference (public/media/covers/*.svg) plus the stock placeholder. Each cover
 * is seeded by its file name, so reruns produce identical files; covers no longer referenced
 * are removed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PLACEHOLDER_COVER } from "@core/content/covers";
import { loadCatalogue } from "../content/folder";
import { createRng, type Rng } from "../content/random";

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public");
const SIZE = 600;

const BACKGROUNDS = ["#0b0b12", "#0d1117", "#120a1f", "#0a1418", "#15090f", "#0c0f1d", "#101010"];
const NEON = ["#ff2bd6", "#00f0ff", "#b6ff00", "#ff6a00", "#7c5cff", "#ffe600", "#00ff9c", "#ff3860"];

const esc = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const r1 = (n: number) => Math.round(n * 10) / 10;

interface Art {
  rng: Rng;
  bg: string;
  a: string;
  b: string;
}

/** Concentric rings around an off-centre point. */
function rings({ rng, a, b }: Art): string {
  const cx = rng.int(180, 420);
  const cy = rng.int(180, 420);
  const count = rng.int(9, 14);
  let out = "";
  for (let i = count; i > 0; i--) {
    const r = i * rng.int(26, 34);
    const w = r1(1 + rng.next() * 6);
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" stroke="${i % 2 ? a : b}" stroke-width="${w}" opacity="${r1(0.25 + (0.7 * (count - i)) / count)}"/>`;
  }
  return `<g fill="none">${out}</g><circle cx="${cx}" cy="${cy}" r="${rng.int(10, 22)}" fill="${a}"/>`;
}

/** A dot grid whose radii follow a travelling wave. */
function dots({ rng, a }: Art): string {
  const n = rng.int(6, 7);
  const step = SIZE / (n + 1);
  const fx = 0.4 + rng.next();
  const fy = 0.4 + rng.next();
  let out = "";
  for (let y = 1; y <= n; y++) {
    for (let x = 1; x <= n; x++) {
      const v = (Math.sin(x * fx + y * fy) + 1) / 2;
      out += `<circle cx="${Math.round(x * step)}" cy="${Math.round(y * step)}" r="${Math.round(3 + v * step * 0.42)}"/>`;
    }
  }
  return `<g fill="${rng.chance(0.5) ? a : "url(#g)"}" opacity=".9">${out}</g>`;
}

/** Mirrored waveform bars across the middle. */
function waveform({ rng, a }: Art): string {
  const bars = 40;
  const w = SIZE / bars;
  let d = "";
  let level = 0.5;
  for (let i = 0; i < bars; i++) {
    level = Math.min(1, Math.max(0.08, level + (rng.next() - 0.5) * 0.5));
    const h = Math.round(level * 220);
    d += `M${r1(i * w + 2)} ${300 - h}h${r1(w - 4)}v${h * 2}h${r1(4 - w)}z`;
  }
  return `<path d="${d}" fill="url(#g)"/><rect y="299" width="600" height="2" fill="${a}" opacity=".6"/>`;
}

/** A striped sun sinking behind horizon lines. */
function sunset({ rng, a }: Art): string {
  const r = rng.int(150, 210);
  const cy = rng.int(260, 330);
  let stripes = "";
  for (let i = 0; i < 7; i++) {
    const y = cy + 10 + i * (r / 8);
    stripes += `<rect x="0" y="${r1(y)}" width="600" height="${r1(2 + i * 2.2)}" fill="#000"/>`;
  }
  let lines = "";
  for (let i = 0; i < 9; i++) {
    const y = cy + r * 0.55 + i * i * 4;
    if (y < SIZE) lines += `<path d="M0 ${r1(y)}H600" stroke="${a}" stroke-opacity="${r1(0.2 + i * 0.08)}"/>`;
  }
  return `<circle cx="300" cy="${cy}" r="${r}" fill="url(#g)"/>${stripes}${lines}`;
}

/** Stacked sine lines, like a topographic ridge plot. */
function ridges({ rng, a, b }: Art): string {
  let out = "";
  const lines = rng.int(9, 12);
  for (let l = 0; l < lines; l++) {
    const y0 = 130 + l * (370 / lines);
    const amp = 10 + rng.next() * 60;
    const f = 1 + rng.next() * 3;
    let d = `M0 ${Math.round(y0)}`;
    for (let x = 60; x <= SIZE; x += 60) {
      d += `L${x} ${Math.round(y0 - Math.abs(Math.sin((x / SIZE) * Math.PI * f)) * amp)}`;
    }
    out += `<path d="${d}" stroke="${l % 3 ? a : b}" opacity="${r1(0.5 + (0.5 * l) / lines)}"/>`;
  }
  return `<g fill="none" stroke-width="3" stroke-linejoin="round">${out}</g>`;
}

/** Bauhaus-style quarter circles and blocks on a 3x3 grid. */
function blocks({ rng, a, b }: Art): string {
  let out = "";
  for (let y = 0; y < 3; y++) {
    for (let x = 0; x < 3; x++) {
      const px = 30 + x * 180;
      const py = 30 + y * 180;
      const fill = rng.pick([a, b, "#ffffff", "none"]);
      if (fill === "none") continue;
      const corner = rng.int(0, 3);
      const cx = px + (corner % 2) * 180;
      const cy = py + Math.floor(corner / 2) * 180;
      out += rng.chance(0.65)
        ? `<path d="M${cx} ${cy}L${px + 180 - (cx - px)} ${cy}A180 180 0 0 ${corner === 1 || corner === 2 ? 0 : 1} ${cx} ${py + 180 - (cy - py)}Z" fill="${fill}" opacity=".85"/>`
        : `<rect x="${px + 45}" y="${py + 45}" width="90" height="90" fill="${fill}" opacity=".85"/>`;
    }
  }
  return out;
}

const STYLES = [rings, dots, waveform, sunset, ridges, blocks];

/** One cover: seeded by the file name, titled in small type at the bottom. */
export function coverSvg(name: string, title: string, kicker: string): string {
  const rng = createRng(`cover:${name}`);
  const bg = rng.pick(BACKGROUNDS);
  const [a, b] = rng.sample(NEON, 2) as [string, string];
  const style = rng.pick(STYLES);
  const art = style({ rng, bg, a, b });
  const short = title.length > 40 ? `${title.slice(0, 39).trimEnd()}…` : title;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 600 600">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`,
    `<radialGradient id="v" cx=".5" cy=".4" r=".8"><stop offset="0" stop-color="${bg}" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".7"/></radialGradient></defs>`,
    `<rect width="600" height="600" fill="${bg}"/>`,
    art,
    `<rect width="600" height="600" fill="url(#v)"/>`,
    `<g font-family="system-ui,sans-serif" fill="#fff"><text x="32" y="48" font-size="13" letter-spacing="4" opacity=".7">${esc(kicker.toUpperCase())}</text>`,
    `<text x="32" y="568" font-size="20" font-weight="600" opacity=".9">${esc(short)}</text></g>`,
    "</svg>",
    "",
  ].join("");
}

/** The stock cover for content without one: a vinyl record, in greys. */
export function placeholderSvg(): string {
  let grooves = "";
  for (let r = 120; r <= 250; r += 10) grooves += `<circle cx="300" cy="300" r="${r}"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">',
    '<rect width="600" height="600" fill="#1c1c22"/>',
    '<circle cx="300" cy="300" r="260" fill="#0c0c0f"/>',
    `<g fill="none" stroke="#2a2a31" stroke-width="1.5">${grooves}</g>`,
    '<path d="M300 40A260 260 0 0 1 520 160" stroke="#3a3a44" stroke-width="6" fill="none" stroke-linecap="round" opacity=".6"/>',
    '<circle cx="300" cy="300" r="95" fill="#4a4a55"/>',
    '<path d="M285 255v68a18 18 0 1 0 10 16v-58l34 10v-22z" fill="#1c1c22"/>',
    '<circle cx="300" cy="300" r="6" fill="#0c0c0f"/>',
    "</svg>",
    "",
  ].join("");
}

/** Every cover path the catalogue references, with the text to print on it. */
export function coverTargets(): Map<string, { title: string; kicker: string }> {
  const c = loadCatalogue();
  const targets = new Map<string, { title: string; kicker: string }>();
  const add = (path: string | null, title: string, kicker: string) => {
    if (path?.startsWith("/media/covers/")) targets.set(path, { title, kicker });
  };
  for (const p of c.posts) add(p.cover_image, p.artist_name ?? p.title, `Crossfade ${p.category}`);
  for (const a of c.aggregatedPosts) add(a.featured_image, a.artist_name ?? a.title, "Crossfade wire");
  for (const m of c.mixtapes)
    add(m.cover_image, m.artist_name ?? m.title, m.title.split(":")[0] ?? "Crossfade Mix");
  for (const r of c.releases)
    add(r.artwork, `${r.artist_name} – ${r.title}`, `${r.catalog_number} · ${r.release_type}`);
  for (const e of c.events) add(e.cover_image, e.city, `Crossfade live · ${e.starts_at.slice(0, 10)}`);
  for (const a of c.artists)
    add(a.image, a.name, a.kind === "group" ? "Crossfade artists" : "Crossfade artist");
  return targets;
}

function main(): void {
  const dir = join(PUBLIC, "media", "covers");
  mkdirSync(dir, { recursive: true });
  const targets = coverTargets();
  const keep = new Set([PLACEHOLDER_COVER]);
  writeFileSync(join(PUBLIC, PLACEHOLDER_COVER), placeholderSvg());
  for (const [path, { title, kicker }] of targets) {
    const name = path.slice("/media/covers/".length, -".svg".length);
    writeFileSync(join(PUBLIC, path), coverSvg(name, title, kicker));
    keep.add(path);
  }
  let removed = 0;
  for (const file of readdirSync(dir)) {
    if (file.endsWith(".svg") && !keep.has(`/media/covers/${file}`)) {
      rmSync(join(dir, file));
      removed++;
    }
  }
  console.log(`Wrote ${targets.size + 1} covers to ${dir}${removed ? `, removed ${removed} stale` : ""}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
