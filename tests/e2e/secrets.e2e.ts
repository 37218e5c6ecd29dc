import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the scripts
import { ROOT, SECRET_CANARIES } from "@scripts/lib.mjs";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";
import { E2E_DSN_KEY } from "./global-setup";

/**
 * No secret reaches the client bundle, the server bundle or a rendered page (docs/decisions/018). `npm
 * test` builds with stand-in secrets in the environment (scripts/lib.mjs SECRET_CANARIES) and
 * the e2e server runs with them as its ADMIN_TOKEN and PURGE_TOKEN and a DSN whose key is
 * E2E_DSN_KEY; a bundle that inlined any of them would fail here.
 */
const SECRETS: Record<string, string> = {
  ...(SECRET_CANARIES as Record<string, string>),
  SENTRY_DSN_KEY: E2E_DSN_KEY,
};
/** Shapes of secrets whatever their value: Sentry auth tokens, PEM keys. */
const SHAPES = [/sntry[su]_[A-Za-z0-9+/=_-]{20,}/, /-----BEGIN [A-Z ]*PRIVATE KEY-----/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function leaks(text: string): string[] {
  const found = Object.entries(SECRETS)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
  for (const shape of SHAPES) if (shape.test(text)) found.push(String(shape));
  return found;
}

describe("secrets stay on the server", () => {
  it("no file of the production build (build/client and build/server) holds a secret", () => {
    const files = [
      ...filesUnder(join(ROOT, "build", "client")),
      ...filesUnder(join(ROOT, "build", "server")),
    ];
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      leaks(readFileSync(file, "latin1")).map((name) => `${name} in ${file}`),
    );
    expect(found).toEqual([]);
  });

  it("no rendered page or public answer holds a secret", async () => {
    const paths = [
      "/",
      "/blog",
      "/search?q=techno",
      "/about",
      "/submit/form",
      "/no-such-page",
      "/api/health",
      "/rss.xml",
    ];
    for (const path of paths) {
      const res = await fetch(`${baseUrl()}${path}`);
      const text = `${[...res.headers].join("\n")}\n${await res.text()}`;
      expect(leaks(text), path).toEqual([]);
    }
  });

  it("the checks bite: each canary is found where it is present", () => {
    for (const [name, value] of Object.entries(SECRETS)) expect(leaks(`x${value}x`)).toContain(name);
  });
});
