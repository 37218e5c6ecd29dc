import { env } from "cloudflare:workers";
import type { CatalogueReader } from "@core/content/catalogue";
import type { ContentService } from "@core/content/service";
import { createContentService } from "@worker/content/service";
import { createIntake } from "@worker/forms/intake";
import { renderPage } from "@worker/pages";
import { beforeAll, describe, expect, it } from "vitest";
import { htmlText } from "./helpers";

const SOURCE_DELAY_MS = 2_000;
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

/**
 * The Worker's own content service, except that the posts listing answers only after a delay:
 * a slow CMS or a cold database, deliberately.
 */
function slowPostsService() {
  const content = createContentService(env);
  const state = { answered: false };
  const catalogue: CatalogueReader = {
    ...content.catalogue,
    listCombinedPosts: async (filter) => {
      await new Promise((resolve) => setTimeout(resolve, SOURCE_DELAY_MS));
      const page = await content.catalogue.listCombinedPosts(filter);
      state.answered = true;
      return page;
    },
    listGenres: async () => {
      await new Promise((resolve) => setTimeout(resolve, SOURCE_DELAY_MS));
      const genres = await content.catalogue.listGenres();
      state.answered = true;
      return genres;
    },
  };
  const service: ContentService = { ...content, catalogue };
  return { service, state };
}

async function render(path: string, service: ContentService, userAgent = BROWSER) {
  const request = new Request(`http://localhost${path}`, { headers: { "User-Agent": userAgent } });
  return renderPage(request, service, createIntake(env, service, request));
}

describe("streaming (docs/decisions/019)", () => {
  // The first render in a fresh isolate loads the server build; time only the ones after it.
  beforeAll(async () => {
    await (await render("/blog", createContentService(env))).text();
  });

  it("sends the first bytes of /blog before a slow content source answers, then its posts", async () => {
    const { service, state } = slowPostsService();
    const timedOut = Symbol("timed out");
    const res = await Promise.race([
      render("/blog", service),
      new Promise<typeof timedOut>((resolve) => setTimeout(() => resolve(timedOut), SOURCE_DELAY_MS)),
    ]);
    if (res === timedOut) throw new Error("no response before the content source answered");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");

    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // Read until the page heading has arrived: all of it must come before the source answers.
    let early = "";
    while (!early.includes("<h1>Blog</h1>")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      early += decoder.decode(chunk.value, { stream: true });
    }
    expect(state.answered).toBe(false);
    // The document, the site header and the page heading are on their way…
    expect(early).toContain("<!DOCTYPE html>");
    expect(early).toContain('aria-label="Main"');
    expect(early).toContain("<h1>Blog</h1>");
    expect(early).not.toMatch(/\d+ stories/);

    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value, { stream: true });
    }
    // …and the posts follow in the same response once the source answers.
    expect(state.answered).toBe(true);
    const { results } = await env.DB.prepare(
      "SELECT title FROM posts WHERE pub_status = 'published' ORDER BY post_date DESC LIMIT 1",
    ).all<{ title: string }>();
    expect(rest).toContain(htmlText(results[0]?.title ?? "missing"));
    expect(rest).toMatch(/\d+ stories/);
  });

  it("renders /blog's posts in place, without a loading state, when the source answers at once", async () => {
    const res = await render("/blog", createContentService(env));
    const html = await res.text();
    const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
    expect(main).toMatch(/<p class="page-header__lede">\d+ stories<\/p>/);
    expect(main.match(/class="card__link"/g)?.length).toBe(15);
    expect(html).not.toContain("Loading...");
  });

  it("gives crawlers the whole /blog document with its posts in place, no loading state", async () => {
    const { service, state } = slowPostsService();
    const res = await render("/blog", service, "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(state.answered).toBe(true);
    const html = await res.text();
    expect(html).toMatch(/<p class="page-header__lede">\d+ stories<\/p>/);
    expect(html).not.toContain("Loading...");
  });

  it("streams /genres' counts behind its loading text when they are late, no-cache", async () => {
    const { service, state } = slowPostsService();
    const res = await render("/genres", service);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let early = "";
    while (!early.includes("Loading genres...")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      early += decoder.decode(chunk.value, { stream: true });
    }
    expect(state.answered).toBe(false);
    expect(early).toContain("<h1>Genres</h1>");
    expect(early).toContain("Loading genres...");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value, { stream: true });
    }
    expect(state.answered).toBe(true);
    expect(rest).toContain('class="directory__item"');
  });

  it("renders /genres' counts in place when they answer at once: nothing below them moves later", async () => {
    const res = await render("/genres", createContentService(env));
    expect(res.headers.get("Cache-Control")).not.toBe("no-cache");
    const html = await res.text();
    const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
    expect(main).toContain('class="directory__item"');
    expect(main.indexOf('class="directory__item"')).toBeLessThan(main.indexOf("Back to Blog"));
    expect(html).not.toContain("Loading genres...");
  });
});
