import { describe, expect, it } from "vitest";
import type { WorkerEnv } from "../env";
import { createContentService, describeSources } from "./service";

const env = (vars: Partial<WorkerEnv>) => ({ DB: {}, ...vars }) as unknown as WorkerEnv;

describe("content source selection", () => {
  it("uses Strapi when CMS_URL is set, else D1", () => {
    expect(createContentService(env({ CMS_URL: "http://127.0.0.1:1337" })).catalogue.kind).toBe("strapi");
    expect(createContentService(env({})).catalogue.kind).toBe("d1");
    expect(describeSources(env({ CMS_URL: "http://127.0.0.1:1337" }))).toEqual({
      content: "strapi",
      search: "strapi",
    });
  });
});
