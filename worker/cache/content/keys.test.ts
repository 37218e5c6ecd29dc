import { describe, expect, it } from "vitest";
import { cacheKey } from "./keys";

describe("cacheKey", () => {
  it("names calls without arguments by the method alone", () => {
    expect(cacheKey("genres")).toBe("genres");
    expect(cacheKey("posts", {})).toBe("posts");
    expect(cacheKey("posts", { search: "", genres: [], tag: undefined })).toBe("posts");
  });

  it("gives equal filters one key whatever their key or slug order", () => {
    const a = cacheKey("posts", { page: 2, genres: ["techno", "house"], locations: ["berlin"] });
    const b = cacheKey("posts", { locations: ["berlin"], genres: ["house", "techno"], page: 2 });
    expect(a).toBe(b);
    expect(a).toBe('posts:{"genres":["house","techno"],"locations":["berlin"],"page":2}');
  });

  it("keeps different filters apart", () => {
    expect(cacheKey("posts", { page: 1 })).not.toBe(cacheKey("posts", { page: 2 }));
    expect(cacheKey("post", "a")).not.toBe(cacheKey("post", "b"));
    expect(cacheKey("mixtape", "1")).not.toBe(cacheKey("mixtape", 1));
  });
});
