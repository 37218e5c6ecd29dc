import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FUZZED_ROUTES } from "../worker/fuzz-routes";
import { filesUnder, ROOT, readSource } from "./source-files";

/**
 * Every query parameter the Worker's code reads is fuzzed (docs/decisions/121-one-reader-per-parameter.md):
 * each read found here (`searchParams.get("x")`, `params.getAll("x")`, `c.req.query("x")`…)
 * has a row of tests/worker/fuzz-routes.ts that names the file among its readers and the
 * parameter among its query, so tests/worker/fuzz-*.test.ts send it hostile values. A read by a
 * name that is not written out could not be matched: it is refused too.
 */

/** Reads of a URL that is not a request's, with why. */
const NOT_A_REQUEST: Record<string, string> = {
  "app/player/tracks.ts": "reads a track's YouTube address (`v`), not the page's",
};

const READ =
  /\b(?:searchParams|params|query)\s*\.\s*(?:get|getAll|has)\s*\(([^)]*)\)|\breq\s*\.\s*(?:query|queries)\s*\(([^)]*)\)/g;

interface Read {
  file: string;
  line: number;
  name: string | null;
}

/** The query parameter reads of a source text: the name, or null when it is not a literal. */
export function readsOf(file: string, source: string): Read[] {
  return [...source.matchAll(READ)].map((match) => {
    const argument = (match[1] ?? match[2] ?? "").trim();
    const literal = /^["'`]([^"'`$]+)["'`]$/.exec(argument);
    return { file, line: source.slice(0, match.index).split("\n").length, name: literal?.[1] ?? null };
  });
}

function runtimeReads(): Read[] {
  const isSource = (path: string) =>
    /\.(ts|tsx)$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.includes("/stand-in/");
  return ["app", "core", "worker"]
    .flatMap((folder) => filesUnder(folder, isSource))
    .filter((file) => !Object.hasOwn(NOT_A_REQUEST, file))
    .flatMap((file) => readsOf(file, readSource(file)));
}

describe("the fuzzed routes' query parameters", () => {
  it("finds reads as the code writes them", () => {
    const source = [
      'const a = url.searchParams.get("page");',
      "const b = params.getAll( 'genre' );",
      'if (params.has("q")) c.req.query("token");',
      "const d = url.searchParams.get(list);",
      'const e = form.get("subject");',
    ].join("\n");
    expect(readsOf("x.ts", source).map((r) => r.name)).toEqual(["page", "genre", "q", "token", null]);
  });

  it("are every parameter the code reads, each read by a name written out", () => {
    const reads = runtimeReads();
    expect(reads.length).toBeGreaterThan(20);
    const unmatched = reads
      .filter(
        (read) =>
          read.name === null ||
          !FUZZED_ROUTES.some(
            (row) => row.readers.includes(read.file) && row.query.includes(read.name ?? ""),
          ),
      )
      .map((read) => `${read.file}:${read.line} ${read.name ?? "(a name not written out)"}`);
    expect(unmatched).toEqual([]);
  });

  it("are read where the table says: every reader exists and reads each parameter of its row", () => {
    const reads = runtimeReads();
    const stale: string[] = [];
    for (const row of FUZZED_ROUTES) {
      for (const reader of row.readers)
        if (!existsSync(join(ROOT, reader))) stale.push(`${row.route}: no file ${reader}`);
      for (const name of row.query)
        if (!reads.some((read) => read.name === name && row.readers.includes(read.file)))
          stale.push(`${row.route}: none of ${row.readers.join(", ")} reads ${name}`);
    }
    expect(stale).toEqual([]);
  });
});
