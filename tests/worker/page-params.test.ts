import { describe, expect, it } from "vitest";
import { callApp, firstTagText, htmlText } from "./helpers";

// The query parameters pages read (core/page-params.ts, docs/decisions/121-one-reader-per-parameter.md):
// a value a page cannot take is the visitor's mistake, a 400 that names the parameter and what
// it takes; never a 5xx, never the generic page error.

async function page(path: string) {
  const res = await callApp(path);
  const html = await res.text();
  return { res, html, title: firstTagText(html, "title"), h1: firstTagText(html, "h1") };
}

/** The visible problem line of the 400 page. */
const problemLine = (message: string) => htmlText(`In its address, ${message}.`);

describe("a list's page number", () => {
  const PAGED = ["/blog", "/blog/tag/vinyl", "/blog/genre/ambient", "/mixtapes", "/releases", "/artists"];
  const BAD = ["abc", "0", "-1", "1e24", "99999999999999999999999", "2x", "02", "1.5", "", "10001"];

  it.each(PAGED)("%s?page= that no page has answers 400 saying what page takes", async (path) => {
    for (const value of BAD) {
      const { res, html, title, h1 } = await page(`${path}?page=${encodeURIComponent(value)}`);
      expect(res.status, `${path}?page=${value}`).toBe(400);
      expect(html).toContain(problemLine("page must be a whole number from 1 to 10000"));
      expect(h1).toBe(htmlText("This link doesn't work"));
      expect(title).toBe(htmlText("This link doesn't work · Crossfade"));
      expect(html).not.toContain("Something went wrong");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("given twice answers 400 saying it is taken once; a real page still renders", async () => {
    const twice = await page("/blog?page=2&page=3");
    expect(twice.res.status).toBe(400);
    expect(twice.html).toContain(problemLine("page must be given once"));
    expect((await page("/blog?page=2")).res.status).toBe(200);
    expect((await page("/blog?page=1")).res.status).toBe(200);
  });
});

describe("/blog?category=", () => {
  it("takes interviews and premieres, and refuses anything else with a 400 naming them", async () => {
    expect((await page("/blog?category=interviews")).h1).toBe("Interviews");
    for (const value of ["qzxabc", "news", "", "Interviews"]) {
      const { res, html } = await page(`/blog?category=${value}`);
      expect(res.status, value).toBe(400);
      expect(html).toContain(problemLine("category must be one of: interviews, premieres"));
    }
  });
});

describe("an artist's list parameters", () => {
  it("a page number no list can reach answers 400 naming the list, never a store failure", async () => {
    for (const list of ["posts", "releases", "mixtapes", "past"]) {
      for (const value of ["99999999999999999999999", "1e24", "1e309", "NaN", "-3"]) {
        const { res, html } = await page(`/artists/basalt?${list}=${value}`);
        expect(res.status, `${list}=${value}`).toBe(400);
        expect(html).toContain(problemLine(`${list} must be a whole number from 1 to 10000`));
      }
    }
  });

  it("a page past a list's last one is a 404, as on every paged list; the first page renders", async () => {
    expect((await page("/artists/basalt?posts=9999")).res.status).toBe(404);
    const first = await page("/artists/basalt?posts=1");
    expect(first.res.status).toBe(200);
    expect(first.h1).toBe("Basalt");
  });
});
