import { env } from "cloudflare:workers";
import { visit } from "./helpers";

let clients = 0;
/** A fresh client address, so each test has its own rate-limit budget. */
export function newClient(): string {
  clients += 1;
  return `203.0.113.${clients % 250}-${crypto.randomUUID().slice(0, 8)}`;
}

/** The first bytes of real files of each kind; the rest of the file does not matter to the checks. */
export const MAGIC = {
  mp3: [0xff, 0xf3, 0x60, 0xc4],
  id3: [0x49, 0x44, 0x33, 0x04, 0x00],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  zip: [0x50, 0x4b, 0x03, 0x04],
} as const;

export function fileOf(magic: readonly number[], size: number, name: string, type: string): File {
  const bytes = new Uint8Array(size);
  bytes.set(magic.slice(0, size));
  for (let i = magic.length; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], name, { type });
}

/** A complete, valid submission form; `overrides` replaces or (with null) removes fields. */
export function submissionForm(overrides: Record<string, string | File | null> = {}): FormData {
  const fields: Record<string, string | File | null> = {
    artist_name: "Nadia Okafor",
    email: "nadia@example.com",
    track_title: "Harbour Lights",
    genre: "Deep House",
    city: "Lisbon",
    links: "https://soundcloud.com/nadia/harbour-lights",
    message: "Recorded in one night.",
    consent: "on",
    website: "",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  return form;
}

export function postSubmission(body: BodyInit, client = newClient(), headers: Record<string, string> = {}) {
  return visit("/api/submissions", {
    method: "POST",
    body,
    headers: { "CF-Connecting-IP": client, ...headers },
  });
}

export const ADMIN = { Authorization: "Bearer test-admin-token-0123456789abcdef0123456789" };

/** A published artist and a genre of the demo catalogue, by slug. */
export async function someArtistAndGenre() {
  const artist = await env.DB.prepare(
    "SELECT slug, name FROM artists WHERE pub_status = 'published' ORDER BY slug LIMIT 1",
  ).first<{ slug: string; name: string }>();
  const genre = await env.DB.prepare("SELECT slug FROM genres ORDER BY slug LIMIT 1").first<{
    slug: string;
  }>();
  if (!artist || !genre) throw new Error("the test catalogue has no artist or genre");
  return { artist, genre: genre.slug };
}
