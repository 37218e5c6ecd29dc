import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// cms/src/seed/purge-webhook.js across restarts, against Strapi's webhook store and runner
// interfaces (in memory): one webhook whatever the number of boots, updated when the URL or the
// token changes. The lane's real Strapi shows the stored result (publish-purge.test.ts).
const require = createRequire(join(process.cwd(), "cms", "package.json"));
const { ensurePurgeWebhook, PURGE_WEBHOOK_NAME } = require("./src/seed/purge-webhook.js") as {
  ensurePurgeWebhook: (strapi: unknown, env: Record<string, string | undefined>) => Promise<unknown>;
  PURGE_WEBHOOK_NAME: string;
};

interface Hook {
  id: string;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  isEnabled: boolean;
}

/** Strapi's webhook store (what survives a restart) and a fresh runner per boot. */
function fakeStrapi(rows: Hook[]) {
  let next = rows.length + 1;
  const registered = new Map<string, Hook>();
  const allowed = ["create", "update", "delete", "publish", "unpublish", "draft-discard"].map(
    (e) => `entry.${e}`,
  );
  const strapi = {
    log: { info: () => {} },
    get(name: string) {
      if (name === "webhookStore")
        return {
          allowedEvents: new Map(
            [...allowed, "media.create", "media.update", "media.delete"].map((e) => [e, e]),
          ),
          findWebhooks: async () => rows.map((r) => ({ ...r })),
          createWebhook: async (data: Omit<Hook, "id">) => {
            const row = { ...data, id: String(next++) };
            rows.push(row);
            return { ...row };
          },
          updateWebhook: async (id: string, data: Omit<Hook, "id">) => {
            const i = rows.findIndex((r) => r.id === id);
            rows[i] = { ...data, id };
            return { ...rows[i] };
          },
          deleteWebhook: async (id: string) =>
            rows.splice(
              rows.findIndex((r) => r.id === id),
              1,
            )[0],
        };
      if (name === "webhookRunner")
        return {
          add: (h: Hook) => registered.set(h.id, h),
          update: (h: Hook) => registered.set(h.id, h),
          remove: (h: Hook) => registered.delete(h.id),
        };
      throw new Error(name);
    },
  };
  // Strapi's own provider registers the stored webhooks before the app's bootstrap runs.
  for (const row of rows) registered.set(row.id, row);
  return { strapi, registered };
}

const env = (url?: string, token?: string) => ({ CROSSFADE_PURGE_URL: url, CROSSFADE_PURGE_TOKEN: token });

describe("the purge webhook bootstrap", () => {
  it("creates one webhook, keeps one over restarts, and follows a new URL or token", async () => {
    const rows: Hook[] = [];
    for (let boot = 0; boot < 3; boot++) {
      const { strapi, registered } = fakeStrapi(rows);
      await ensurePurgeWebhook(strapi, env("https://site.example/api/cache/purge", "token-a"));
      expect(rows).toHaveLength(1);
      expect([...registered.values()]).toEqual([rows[0]]);
    }
    expect(rows[0]).toMatchObject({
      name: PURGE_WEBHOOK_NAME,
      url: "https://site.example/api/cache/purge",
      headers: { Authorization: "Bearer token-a" },
      isEnabled: true,
    });
    expect(rows[0]?.events).toEqual([
      "entry.create",
      "entry.update",
      "entry.delete",
      "entry.publish",
      "entry.unpublish",
      "entry.draft-discard",
      "media.create",
      "media.update",
      "media.delete",
    ]);

    const { strapi, registered } = fakeStrapi(rows);
    await ensurePurgeWebhook(strapi, env("https://new.example/api/cache/purge", "token-b"));
    expect(rows).toHaveLength(1);
    expect(registered.get(rows[0]?.id ?? "")).toMatchObject({
      url: "https://new.example/api/cache/purge",
      headers: { Authorization: "Bearer token-b" },
    });
  });

  it("leaves other webhooks alone and removes duplicates of its own", async () => {
    const other: Hook = {
      id: "1",
      name: "Netlify build",
      url: "https://x",
      headers: {},
      events: ["entry.publish"],
      isEnabled: true,
    };
    const dup = (id: string): Hook => ({ ...other, id, name: PURGE_WEBHOOK_NAME });
    const rows = [other, dup("2"), dup("3")];
    const { strapi, registered } = fakeStrapi(rows);
    await ensurePurgeWebhook(strapi, env("https://site.example/api/cache/purge", "t"));
    expect(rows.map((r) => r.id)).toEqual(["1", "2"]);
    expect([...registered.keys()].sort()).toEqual(["1", "2"]);
  });

  it("does nothing without CROSSFADE_PURGE_URL, and refuses a URL without a token or a bad URL", async () => {
    const rows: Hook[] = [];
    await ensurePurgeWebhook(fakeStrapi(rows).strapi, env(undefined, "t"));
    expect(rows).toEqual([]);
    await expect(
      ensurePurgeWebhook(fakeStrapi(rows).strapi, env("https://site.example/api/cache/purge")),
    ).rejects.toThrow(/CROSSFADE_PURGE_TOKEN/);
    await expect(
      ensurePurgeWebhook(fakeStrapi(rows).strapi, env("ftp://site.example/", "t")),
    ).rejects.toThrow(/http\(s\)/);
    expect(rows).toEqual([]);
  });
});
