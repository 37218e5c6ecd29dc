import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM helper of the CMS runner
import { cmsStartEnv, envFileValues } from "./cms-env.mjs";

// `npm run cms:start` (docs/decisions/134-cms-start-defaults.md): cms/.env and the environment
// win, what it defaults it prints, and the demo catalogue is loaded only when asked for.

type Start = { vars: Record<string, string>; url: string; token?: string; notes: string[] };

const dir = mkdtempSync(join(tmpdir(), "cms-start-"));
let files = 0;
const file = (text: string) => {
  const path = join(dir, `${files++}.env`);
  writeFileSync(path, text);
  return path;
};
const missing = join(dir, "missing.env");
const SECRETS = { APP_KEYS: "a,b", JWT_SECRET: "j", ENCRYPTION_KEY: "e" };

/** cmsStartEnv with no .dev.vars and a scratch folder of its own unless the case says otherwise. */
function start(options: { env?: Record<string, string>; envFile?: string; devVars?: string }): Start {
  return cmsStartEnv({
    env: {},
    envFile: missing,
    devVars: missing,
    dataDir: join(dir, "scratch"),
    scratchSecrets: () => SECRETS,
    ...options,
  });
}

describe("npm run cms:start's environment", () => {
  it("sets nothing cms/.env sets", () => {
    const envFile = file(
      [
        "NODE_ENV=development",
        "HOST=0.0.0.0",
        "PORT=1400 # the operator's",
        "DATABASE_CLIENT=postgres",
        "DATABASE_URL=postgres://me@127.0.0.1:5432/mine",
        "CMS_PUBLIC_DIR=/srv/media",
        "CMS_SEED_DEMO=false",
        "CMS_API_TOKEN=from-file",
        "STRAPI_TELEMETRY_DISABLED=false",
      ].join("\n"),
    );
    const { vars, url, token } = start({ envFile });
    const fromFile = envFileValues(envFile);
    for (const name of Object.keys(vars)) expect(fromFile.has(name)).toBe(false);
    expect(Object.keys(vars)).toEqual(["BROWSER"]);
    expect(url).toBe("http://127.0.0.1:1400");
    expect(token).toBe("from-file");
  });

  it("sets nothing the environment sets, and the environment wins over cms/.env", () => {
    const envFile = file("PORT=1400\nCMS_API_TOKEN=from-file\n");
    const { vars, url, token } = start({
      envFile,
      env: {
        NODE_ENV: "production",
        PORT: "1500",
        CMS_API_TOKEN: "from-env",
        DATABASE_FILENAME: "/srv/cms.db",
      },
    });
    expect(url).toBe("http://127.0.0.1:1500");
    expect(token).toBe("from-env");
    expect(vars).not.toHaveProperty("NODE_ENV");
    expect(vars).not.toHaveProperty("PORT");
    expect(vars).not.toHaveProperty("CMS_API_TOKEN");
    expect(vars).not.toHaveProperty("DATABASE_FILENAME");
  });

  it("prints every default it sets, with its reason", () => {
    const { vars, notes } = start({});
    const printed = Object.keys(vars).filter((name) => name !== "BROWSER" && !(name in SECRETS));
    expect(printed.sort()).toEqual(
      [
        "CMS_PUBLIC_DIR",
        "CMS_SEED_DEMO",
        "DATABASE_FILENAME",
        "NODE_ENV",
        "STRAPI_TELEMETRY_DISABLED",
      ].sort(),
    );
    for (const name of printed)
      expect(notes).toContainEqual(expect.stringMatching(`^${name}=${vars[name]}: \\S`));
    // Secrets are named, never shown.
    expect(notes.join("\n")).toContain("APP_KEYS, JWT_SECRET, ENCRYPTION_KEY: from ");
    expect(notes.join("\n")).not.toContain("a,b");
    expect(notes).toContain("Strapi on 127.0.0.1:1337 (the defaults; HOST and PORT change them)");
  });

  it("loads the demo catalogue only when asked for", () => {
    expect(start({}).vars.CMS_SEED_DEMO).toBe("false");
    expect(start({ envFile: file("NODE_ENV=development\n") }).vars.CMS_SEED_DEMO).toBe("false");
    const asked = start({ env: { CMS_SEED_DEMO: "true" } });
    expect(asked.vars).not.toHaveProperty("CMS_SEED_DEMO");
    expect(asked.notes).toContain("CMS_SEED_DEMO=true, from the environment");
  });

  it("keeps a scratch folder only for a scratch database: an operator's database keeps its media and secrets", () => {
    const scratch = start({});
    expect(scratch.vars.DATABASE_FILENAME).toBe(join(dir, "scratch", "data.db"));
    expect(scratch.vars.CMS_PUBLIC_DIR).toBe(join(dir, "scratch", "public"));
    expect(scratch.vars.APP_KEYS).toBe("a,b");

    const postgres = start({ env: { DATABASE_CLIENT: "postgres", DATABASE_URL: "postgres://x@h/db" } });
    expect(postgres.vars).not.toHaveProperty("DATABASE_FILENAME");
    expect(postgres.vars).not.toHaveProperty("CMS_PUBLIC_DIR");
    expect(postgres.vars).not.toHaveProperty("APP_KEYS");
    expect(postgres.notes).toContain(
      "uploads: cms/public/uploads (Strapi's default beside your database; CMS_PUBLIC_DIR changes it)",
    );
    // A cms/.env of the operator's holds the secrets (Strapi names any missing one).
    expect(start({ envFile: file("CMS_SEED_DEMO=false\n") }).vars).not.toHaveProperty("APP_KEYS");
  });

  it("reuses the site's token from .dev.vars and makes none up", () => {
    const site = start({ devVars: file("CMS_URL=http://127.0.0.1:1337/api\nCMS_API_TOKEN=the-sites\n") });
    expect(site.vars.CMS_API_TOKEN).toBe("the-sites");
    expect(site.token).toBe("the-sites");
    const none = start({});
    expect(none.vars).not.toHaveProperty("CMS_API_TOKEN");
    expect(none.token).toBeUndefined();
    expect(none.notes.join("\n")).toMatch(/CMS_API_TOKEN: none .* stays as it is/);
  });
});

describe("cms/.env as Strapi's dotenv reads it", () => {
  it("takes quotes, export, comments and the last line of a name", () => {
    const values = envFileValues(
      file("export A='x # y'\nB=1 # note\nC=first\nC=second\n# D=commented\nE=\nF=a#b\n"),
    );
    expect(Object.fromEntries(values)).toEqual({ A: "x # y", B: "1", C: "second", E: "", F: "a" });
  });
});
