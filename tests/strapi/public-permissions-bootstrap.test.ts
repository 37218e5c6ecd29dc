import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// cms/src/seed/permissions.js on boot, against Strapi's query interface (in memory): whatever an
// operator granted the public role by hand, a boot leaves it the reads of published content only.
// The lane's real Strapi shows the stored result (security.test.ts).
const require = createRequire(join(process.cwd(), "cms", "package.json"));
const { grantPublicPermissions, PUBLIC_ACTIONS } = require("./src/seed/permissions.js") as {
  grantPublicPermissions: (strapi: unknown) => Promise<void>;
  PUBLIC_ACTIONS: string[];
};

function fakeStrapi(actions: string[]) {
  let next = 1;
  const rows = actions.map((action) => ({ id: next++, action, role: 1 }));
  const permissions = {
    findMany: async () => rows.map(({ id, action }) => ({ id, action })),
    delete: async ({ where }: { where: { id: number } }) =>
      rows.splice(
        rows.findIndex((r) => r.id === where.id),
        1,
      ),
    create: async ({ data }: { data: { action: string; role: number } }) =>
      rows.push({ id: next++, ...data }),
  };
  const strapi = {
    log: { info: () => {} },
    db: {
      query: (uid: string) =>
        uid === "plugin::users-permissions.role" ? { findOne: async () => ({ id: 1 }) } : permissions,
    },
  };
  return { strapi, actions: () => rows.map((r) => r.action).sort() };
}

describe("the public role's permissions on boot", () => {
  it("revokes a find or findOne granted by hand on submissions or subscribers, and anything else", async () => {
    const { strapi, actions } = fakeStrapi([
      "api::submission.submission.find",
      "api::submission.submission.findOne",
      "api::email-subscriber.email-subscriber.find",
      "api::email-subscriber.email-subscriber.findOne",
      "api::email-subscriber.email-subscriber.subscribe",
      "plugin::users-permissions.auth.register",
      "plugin::upload.content-api.find",
      "api::blog-post.blog-post.find",
    ]);
    await grantPublicPermissions(strapi);
    expect(actions()).toEqual([...PUBLIC_ACTIONS].sort());
    expect(actions().some((a) => /submission|subscriber/.test(a))).toBe(false);
  });

  it("grants the reads of the content types and their aggregates and nothing more, boot after boot", async () => {
    const { strapi, actions } = fakeStrapi([]);
    await grantPublicPermissions(strapi);
    await grantPublicPermissions(strapi);
    expect(actions()).toEqual([...PUBLIC_ACTIONS].sort());
    // Reads only: the finds, and the aggregates of published content (cms/src/aggregates.js).
    expect(PUBLIC_ACTIONS.filter((a) => !/^api::[\w-]+\.[\w-]+\.(find|findOne)$/.test(a)).sort()).toEqual([
      "api::artist.artist.directory",
      "api::blog-post.blog-post.tags",
      "api::genre.genre.counts",
    ]);
    // Artist pages read the artist type in the CMS mode as every other page reads its own.
    expect(actions()).toEqual(
      expect.arrayContaining(["api::artist.artist.find", "api::artist.artist.findOne"]),
    );
  });
});
