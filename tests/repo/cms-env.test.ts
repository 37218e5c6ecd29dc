import { describe, expect, it } from "vitest";
import { filesUnder, readSource } from "./source-files";

// cms/.env.example is the operator's list of what the CMS reads (docs/operations.md "Deploying
// the CMS"): every variable cms/config and cms/src read appears in it.

/** Variable names a piece of cms/ source reads, in the forms cms/ uses. */
export function variablesRead(source: string): string[] {
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
    /\benv(?:\.[a-z]+)?\(\s*'([A-Z][A-Z0-9_]*)'/g,
    /\bget\(\s*'([A-Z][A-Z0-9_]*)'\s*\)/g,
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    // cms/config/lib/secrets.js lists its secrets as the keys of SECRETS.
    /^ {2}([A-Z][A-Z0-9_]*): \{/gm,
  ];
  return [...new Set(patterns.flatMap((p) => [...source.matchAll(p)].map((m) => m[1] as string)))];
}

const listed = (text: string) => new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

describe("cms/.env.example", () => {
  it("finds variables in every form cms/ reads them", () => {
    expect(
      variablesRead(
        "env('HOST') env.int('PORT', 1) get('S3_BUCKET') process.env.CMS_API_TOKEN env.NODE_ENV\n  APP_KEYS: {",
      ).sort(),
    ).toEqual(["APP_KEYS", "CMS_API_TOKEN", "HOST", "NODE_ENV", "PORT", "S3_BUCKET"]);
  });

  it("lists every variable cms/config and cms/src read", () => {
    const files = [
      ...filesUnder("cms/config", (p) => p.endsWith(".js")),
      ...filesUnder("cms/src", (p) => p.endsWith(".js")),
    ];
    const read = new Set(files.flatMap((f) => variablesRead(readSource(f))));
    expect(read.size).toBeGreaterThan(30);
    const example = listed(readSource("cms/.env.example"));
    expect([...read].filter((name) => !example.has(name)).sort()).toEqual([]);
  });
});
