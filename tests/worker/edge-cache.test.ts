import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Page } from "@core/content/page";
import type { SearchIndex } from "@core/search/search-index";
import { type ContentCache, cachedCatalogue, cachedSearch, createContentCache } from "@worker/cache/content";
import { FRESH_MS, STAMP_REUSE_MS } from "@worker/cache/content/content-cache";
import { createD1Source } from "@worker/content/d1";
import { withFailurePath } from "@worker/content/degrade";
import type { ContentSource } from "@worker/content/source";
import { reportSourceFailure } from "@worker/failure/source-failure";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Each test uses its own release prefix, so entries never leak from one test to the next.
let release = "";
let clock = Date.parse("2026-06-01T12:00:00Z");
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  release = `test-${crypto.randomUUID()}`;
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** One request's cache, as the Worker builds it, with its own execution context. */
function request(kv: KVNamespace = env.CACHE) {
  const ctx = createExecutionContext();
  const cache = createContentCache({ kv, ctx, release, now: () => clock });
  return { cache, done: () => waitOnExecutionContext(ctx) };
}

/** A visit as its own request: the first post of the list the cache answers. */
function visiting(kv: KVNamespace, load: () => Promise<Page<string>>) {
  return async () => {
    const visitor = request(kv);
    const answer = await visitor.cache.cached("posts", "list", load);
    await visitor.done();
    return answer.items[0];
  };
}

function page<T>(items: T[]): Page<T> {
  return { items, page: 1, pageSize: 15, pageCount: 1, total: items.length };
}

/** A source that counts its loads and answers what `answer` says. */
function source<T>(answer: (call: number) => Promise<T> | T) {
  let calls = 0;
  const load = vi.fn(async () => answer(++calls));
  return load;
}

describe("the KV edge cache", () => {
  it("answers from KV while an entry is fresh (under 5 minutes old)", async () => {
    const load = source((n) => page([`v${n}`]));
    const first = request();
    expect(await first.cache.cached("posts", "list", load)).toEqual(page(["v1"]));
    await first.done();

    clock += FRESH_MS - 1000;
    const second = request();
    expect(await second.cache.cached("posts", "list", load)).toEqual(page(["v1"]));
    await second.done();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale entry at once while exactly one background refresh runs", async () => {
    const load = source(async (n) => {
      await new Promise((r) => setTimeout(r, 20));
      return page([`v${n}`]);
    });
    const warm = request();
    await warm.cache.cached("posts", "list", load);
    await warm.done();

    clock += FRESH_MS + 1000;
    const visitors = Array.from({ length: 5 }, () => request());
    const answers = await Promise.all(visitors.map((v) => v.cache.cached("posts", "list", load)));
    expect(answers).toEqual(Array(5).fill(page(["v1"])));
    await Promise.all(visitors.map((v) => v.done()));
    expect(load).toHaveBeenCalledTimes(2);

    // The refreshed entry is fresh again: the next visitor gets it without a load.
    const later = request();
    expect(await later.cache.cached("posts", "list", load)).toEqual(page(["v2"]));
    await later.done();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps serving the stale entry when the source throws (stale-if-error)", async () => {
    const load = source((n) => {
      if (n > 1) throw new Error("Failed to fetch blog posts");
      return page(["v1"]);
    });
    const warm = request();
    await warm.cache.cached("posts", "list", load);
    await warm.done();

    clock += FRESH_MS + 1000;
    for (let i = 0; i < 2; i++) {
      const visitor = request();
      expect(await visitor.cache.cached("posts", "list", load)).toEqual(page(["v1"]));
      await visitor.done();
    }
    // The failed refresh holds its one-minute lock: a failing source is not hammered.
    expect(load).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/still serving the stale value/),
      expect.any(Error),
    );
  });

  it("keeps serving the stale entry when the source reports a failure and degrades", async () => {
    const load = source((n) => {
      if (n > 1) {
        reportSourceFailure(new Error("Failed to fetch blog posts"));
        return page<string>([]);
      }
      return page(["v1"]);
    });
    const warm = request();
    await warm.cache.cached("posts", "list", load);
    await warm.done();

    clock += FRESH_MS + 1000;
    const visitor = request();
    expect(await visitor.cache.cached("posts", "list", load)).toEqual(page(["v1"]));
    await visitor.done();
    expect(load).toHaveBeenCalledTimes(2);

    const next = request();
    expect(await next.cache.cached("posts", "list", load)).toEqual(page(["v1"]));
    await next.done();
  });

  it("never stores a result its source reported as a failure, even a non-empty one", async () => {
    const genres = [{ slug: "house", postCount: 0 }];
    const load = source(async () => {
      // A per-genre count that failed became 0 (docs/product.md section 8): the list looks fine.
      await new Promise((r) => setTimeout(r, 5));
      reportSourceFailure(new Error("count failed"));
      return genres;
    });
    for (let i = 0; i < 2; i++) {
      const visitor = request();
      expect(await visitor.cache.cached("posts", "genres", load)).toEqual(genres);
      await visitor.done();
    }
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("attributes a failure to the load that reported it when loads run side by side", async () => {
    const failing = source(async () => {
      await new Promise((r) => setTimeout(r, 10));
      reportSourceFailure(new Error("down"));
      return page(["degraded"]);
    });
    const healthy = source(async () => {
      await new Promise((r) => setTimeout(r, 15));
      return page(["fine"]);
    });
    const one = request();
    await Promise.all([one.cache.cached("posts", "a", failing), one.cache.cached("posts", "b", healthy)]);
    await one.done();

    const two = request();
    await Promise.all([two.cache.cached("posts", "a", failing), two.cache.cached("posts", "b", healthy)]);
    await two.done();
    expect(failing).toHaveBeenCalledTimes(2);
    expect(healthy).toHaveBeenCalledTimes(1);
  });

  it("stores nothing when the source throws on a miss, and passes the error on", async () => {
    const load = source<Page<string>>(() => {
      throw new Error("Failed to fetch mixtapes");
    });
    const visitor = request();
    await expect(visitor.cache.cached("mixtapes", "list", load)).rejects.toThrow("Failed to fetch mixtapes");
    await visitor.done();
    const keys = await env.CACHE.list({ prefix: release });
    expect(keys.keys).toEqual([]);
  });

  it("does not store not-found (null) or empty answers", async () => {
    const missing = source(() => null);
    const empty = source(() => page<string>([]));
    for (let i = 0; i < 2; i++) {
      const visitor = request();
      expect(await visitor.cache.cached("posts", "post:nope", missing)).toBeNull();
      expect(await visitor.cache.cached("posts", "tag:nope", empty)).toEqual(page([]));
      await visitor.done();
    }
    expect(missing).toHaveBeenCalledTimes(2);
    expect(empty).toHaveBeenCalledTimes(2);
  });

  it("bypasses the cache when KV throws, answering from the source", async () => {
    const broken = new Proxy(env.CACHE, {
      get(target, property) {
        if (property === "get" || property === "put") {
          return () => Promise.reject(new Error("KV GET failed: 503"));
        }
        return Reflect.get(target, property, target);
      },
    });
    const load = source((n) => page([`v${n}`]));
    const visitor = request(broken);
    expect(await visitor.cache.cached("posts", "list", load)).toEqual(page(["v1"]));
    expect(await visitor.cache.cached("posts", "list", load)).toEqual(page(["v2"]));
    await visitor.done();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/KV read failed/), expect.any(Error));
  });

  it("answers from the source when no KV namespace is bound", async () => {
    const load = source((n) => page([`v${n}`]));
    const cache = createContentCache({ kv: undefined, release, now: () => clock });
    expect(await cache.cached("posts", "list", load)).toEqual(page(["v1"]));
    expect(await cache.cached("posts", "list", load)).toEqual(page(["v2"]));
  });

  it("misses after a purge of the entry's group or of everything, and only then", async () => {
    const posts = source((n) => page([`post v${n}`]));
    const releases = source((n) => page([`release v${n}`]));
    const read = async () => {
      const visitor = request();
      const answers = await Promise.all([
        visitor.cache.cached("posts", "list", posts),
        visitor.cache.cached("releases", "list", releases),
      ]);
      await visitor.done();
      return answers.map((a) => a.items[0]);
    };
    expect(await read()).toEqual(["post v1", "release v1"]);
    expect(await read()).toEqual(["post v1", "release v1"]);

    await request().cache.purge(["posts"]);
    expect(await read()).toEqual(["post v2", "release v1"]);

    await request().cache.purge("all");
    expect(await read()).toEqual(["post v3", "release v2"]);
  });
});

/** env.CACHE, counting the reads that reach KV (one object per test: the isolate's memory is per namespace). */
function countingKv() {
  const reads: string[] = [];
  const kv = new Proxy(env.CACHE, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== "get" || typeof value !== "function") {
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (key: string | string[], type?: unknown) => {
        reads.push(Array.isArray(key) ? "versions" : key.slice(release.length + 1));
        return value.call(target, key, type);
      };
    },
  });
  return { kv, reads };
}

describe("the isolate's memory in front of KV (docs/decisions/039)", () => {
  it("reads the versions and an entry from KV at most once a second, and shows another isolate's write after that", async () => {
    const { kv, reads } = countingKv();
    const load = source((n) => page([`v${n}`]));
    const visit = visiting(kv, load);
    expect(await visit()).toBe("v1");
    expect(reads).toHaveLength(2); // the versions, then the entry (a miss)
    for (let i = 0; i < 3; i++) expect(await visit()).toBe("v1");
    expect(reads).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);

    // Another isolate refreshed the entry in KV: this one answers its own copy for up to a second.
    const [stored] = (await env.CACHE.list({ prefix: release })).keys;
    if (!stored) throw new Error("nothing stored");
    await env.CACHE.put(stored.name, JSON.stringify({ t: clock, v: page(["from elsewhere"]) }));
    clock += STAMP_REUSE_MS - 1;
    expect(await visit()).toBe("v1");
    clock += 1;
    expect(await visit()).toBe("from elsewhere");
    expect(reads.slice(2)).toEqual(["versions", expect.stringMatching(/:posts:list$/)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows a purge written straight to KV (another isolate, `npm run content -- import`) within a second, and its own purge at once", async () => {
    const { kv } = countingKv();
    const load = source((n) => page([`v${n}`]));
    const visit = visiting(kv, load);
    expect(await visit()).toBe("v1");
    await env.CACHE.put("version:posts", `elsewhere-${crypto.randomUUID()}`);
    expect(await visit()).toBe("v1");
    clock += STAMP_REUSE_MS;
    expect(await visit()).toBe("v2");

    await createContentCache({ kv, release, now: () => clock }).purge(["posts"]);
    expect(await visit()).toBe("v3");
  });

  it("shares frozen copies, so no request can change what the next one reads", async () => {
    const { kv } = countingKv();
    const load = source(() => page([{ title: "a" }]));
    const first = request(kv);
    const stored = await first.cache.cached("posts", "list", load);
    await first.done();
    // The loader's own value is not the shared copy: the request that loaded it may keep using it.
    expect(Object.isFrozen(stored)).toBe(false);
    const second = request(kv);
    const shared = await second.cache.cached("posts", "list", load);
    await second.done();
    expect(Object.isFrozen(shared.items[0])).toBe(true);
    expect(() => {
      (shared.items[0] as { title: string }).title = "changed";
    }).toThrow(TypeError);
    expect(shared.items[0]?.title).toBe("a");
  });
});

/** The service's catalogue (behind the cache) and its newsletter store, side by side. */
function cachedContentStore(source: ContentSource, cache: ContentCache) {
  const { catalogue, newsletter } = withFailurePath(source);
  return { ...cachedCatalogue(catalogue, cache), ...newsletter };
}

describe("the cached content store", () => {
  it("caches published reads, but never searches or writes", async () => {
    const d1 = createD1Source(env.DB, env.UPLOADS);
    const spy = {
      listPosts: vi.spyOn(d1.catalogue, "listPosts"),
      listGenres: vi.spyOn(d1.catalogue, "listGenres"),
      subscribe: vi
        .spyOn(d1.newsletter, "subscribe")
        .mockResolvedValue({ message: "Successfully subscribed!" }),
    };
    for (let i = 0; i < 2; i++) {
      const { cache, done } = request();
      const store = cachedContentStore(d1, cache);
      expect(store.kind).toBe("d1");
      expect((await store.listPosts({ page: 1 })).items.length).toBe(15);
      await store.listPosts({ search: "house" });
      await store.listGenres();
      await store.subscribe({
        email: "a@example.com",
        firstName: null,
        lastName: null,
        city: null,
        source: "website_footer",
      });
      await done();
    }
    expect(spy.listPosts.mock.calls.map((c) => c[0])).toEqual([
      { page: 1 },
      { search: "house" },
      { search: "house" },
    ]);
    expect(spy.listGenres).toHaveBeenCalledTimes(1);
    expect(spy.subscribe).toHaveBeenCalledTimes(2);
  });

  it("caches searches by their normalised query, suggestions and healthy answers", async () => {
    const empty = {
      processingTimeMs: 1,
      facets: { genres: [], locations: [], featured: { yes: 0, no: 0 } },
    };
    const index: SearchIndex = {
      kind: "meilisearch",
      searchPosts: vi.fn(async (q) => ({ ...empty, ...page([{ title: q.query } as never]) })),
      searchMixtapes: vi.fn(async () => ({ ...empty, ...page([]) })),
      searchPostsAndMixtapes: vi.fn(async (q) => ({
        posts: { ...empty, ...page([{ title: q.query } as never]) },
        mixtapes: { ...empty, ...page([]) },
      })),
      suggest: vi.fn(async () => [{ kind: "post" as const, title: "Bjork", artist: null, href: "/blog/b" }]),
      searchArtists: vi.fn(async () => []),
      health: vi.fn(async () => true),
    };
    for (let i = 0; i < 2; i++) {
      const { cache, done } = request();
      const search = cachedSearch(index, cache);
      await search.searchPosts({ query: "", genres: ["house", "techno"] });
      await search.searchPosts({ query: i ? " BJORK " : "bjork" });
      await search.searchPostsAndMixtapes({ query: i ? "Bjork  live" : "bjork live" });
      await search.suggest(i ? "Bj" : "bj", 5);
      expect(await search.health()).toBe(true);
      await done();
    }
    expect(index.searchPosts).toHaveBeenCalledTimes(2);
    expect(index.searchPostsAndMixtapes).toHaveBeenCalledTimes(1);
    expect(index.suggest).toHaveBeenCalledTimes(1);
    expect(index.health).toHaveBeenCalledTimes(1);
  });
});
