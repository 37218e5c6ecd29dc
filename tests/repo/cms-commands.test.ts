import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM helper of the CMS runner
import { envFileValue, operatorToken } from "../../scripts/cms-env.mjs";
import { readSource } from "./source-files";

// The CMS commands as docs/cms.md writes them.

describe("npm run -s cms:secrets >> cms/.env", () => {
  it("appends only comments and NAME=value lines: every secret once, nothing of npm's own", () => {
    const docs = readSource("docs/cms.md");
    expect(docs).toContain("npm run -s cms:secrets >> cms/.env");
    const out = execFileSync("npm", ["run", "-s", "cms:secrets"], { encoding: "utf8" });
    const lines = out.split("\n").filter((l) => l.trim() !== "");
    const strays = lines.filter((l) => !l.startsWith("#") && !/^[A-Z][A-Z0-9_]*=\S+$/.test(l));
    expect(strays).toEqual([]);
    // The six secrets, each once (scripts/cms-secrets.test.ts holds them to the CMS's list).
    const names = lines.filter((l) => !l.startsWith("#")).map((l) => l.split("=")[0]);
    expect(new Set(names).size).toBe(6);
    expect(names).toContain("APP_KEYS");
    // Two runs never print the same secret.
    const again = execFileSync("npm", ["run", "-s", "cms:secrets"], { encoding: "utf8" });
    expect(again).not.toBe(out);
  });
});

describe("the token npm run cms:start gives Strapi", () => {
  const dir = mkdtempSync(join(tmpdir(), "cms-env-"));
  const file = (text: string) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.env`);
    writeFileSync(path, text);
    return path;
  };

  it("is cms/.env's CMS_API_TOKEN when the environment has none, in each form a .env file writes it", () => {
    expect(envFileValue(file("NODE_ENV=production\nCMS_API_TOKEN=abc123\n"), "CMS_API_TOKEN")).toBe("abc123");
    expect(envFileValue(file('CMS_API_TOKEN="abc 123"\n'), "CMS_API_TOKEN")).toBe("abc 123");
    expect(envFileValue(file("export CMS_API_TOKEN='x'\n"), "CMS_API_TOKEN")).toBe("x");
    expect(envFileValue(file("# CMS_API_TOKEN=commented\nCMS_API_TOKEN_OLD=y\n"), "CMS_API_TOKEN")).toBe(
      undefined,
    );
    expect(envFileValue(file("CMS_API_TOKEN=\n"), "CMS_API_TOKEN")).toBe(undefined);
    expect(envFileValue(join(dir, "missing.env"), "CMS_API_TOKEN")).toBe(undefined);
  });

  it("is taken from the environment, then cms/.env, and made up only without either", () => {
    const withToken = file("CMS_API_TOKEN=from-file\n");
    expect(operatorToken({ CMS_API_TOKEN: "from-env" }, withToken)).toBe("from-env");
    expect(operatorToken({}, withToken)).toBe("from-file");
    expect(operatorToken({ CMS_API_TOKEN: "" }, withToken)).toBe("from-file");
    expect(operatorToken({}, file("NODE_ENV=production\n"))).toBe(undefined);
  });
});
