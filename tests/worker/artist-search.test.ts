import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

// Artists in search (docs/product.md section 2): the results page lists matching artists first,
// with their image; suggestions add up to three artists above the posts and mixtapes; a name
// spelt without its accents or special letters finds the artist ('moller' finds Møller).
describe("artists in search", () => {
  it("lists artists first on the results page, found by a folded name, with their image", async () => {
    const res = await visit("/search?q=moller");
    expect(res.status).toBe(200);
    const html = await res.text();
    const artists = html.indexOf('id="artists-heading"');
    expect(artists).toBeGreaterThan(0);
    expect(artists).toBeLessThan(html.indexOf('id="posts-heading"'));
    expect(html).toContain('href="/artists/jurgen-moller"');
    expect(html).toMatch(/src="\/media\/covers\/artist-jurgen-moller\.svg"/);
    expect(html).toContain(">Jürgen Møller</a>");
    // Accents the tokenizer removes itself match in the name, which is highlighted.
    expect(await (await visit("/search?q=jurgen")).text()).toContain("<mark>Jürgen</mark> Møller");
  });

  it("narrows to artists with type=artists, and the API answers them too", async () => {
    const page = await (await visit("/search?q=astrom&type=artists")).text();
    expect(page).toContain('href="/artists/bjorn-astrom"');
    expect(page).not.toContain('id="posts-heading"');
    const api = await visit("/api/search?q=kuhn&type=artists");
    expect(api.status).toBe(200);
    const body = (await api.json()) as { artists: Array<{ slug: string }>; posts: unknown };
    expect(body.artists.map((a) => a.slug)).toEqual(["moritz-kuhn"]);
    expect(body.posts).toBeNull();
    expect((await visit("/api/search?q=kuhn&type=people")).status).toBe(400);
  });

  it("suggests up to three artists above the posts and mixtapes", async () => {
    const res = await visit("/api/suggest?q=mo&limit=4");
    expect(res.status).toBe(200);
    const { suggestions } = (await res.json()) as { suggestions: Array<{ kind: string; href: string }> };
    const kinds = suggestions.map((s) => s.kind);
    const artists = kinds.filter((k) => k === "artist").length;
    expect(artists).toBeGreaterThan(0);
    expect(artists).toBeLessThanOrEqual(3);
    expect(kinds.slice(0, artists).every((k) => k === "artist")).toBe(true);
    expect(kinds.length - artists).toBeLessThanOrEqual(4);
    expect(suggestions.map((s) => s.href)).toContain("/artists/jurgen-moller");
  });
});
