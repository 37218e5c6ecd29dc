import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, ROOT } from "./source-files";

/**
 * The repository explains itself (docs/conventions.md "Comments and docs"): comments and docs
 * cite its own files, so a citation of a document it lacks, of an issue tracker, of a path that
 * is not there or of a docs/product.md section that does not exist is a defect.
 */

/** What the checks need to know about the repository; tests give a small fake one. */
export interface Repo {
  /** Whether a cited repository path names a file or folder (extension optional). */
  exists(path: string): boolean;
  /** The numbers of docs/product.md's `## N.` sections. */
  productSections: ReadonlySet<number>;
  /** The `## Name` sections of docs/conventions.md. */
  conventionSections: ReadonlySet<string>;
}

const ABSENT_DOCUMENT = /\b(?:SPEC|DESIGN|CONVENTIONS)\.md\b/g;
const ISSUE = /\bissues?\s+#?\d+/gi;
const ROOTS = "docs|worker|app|core|tests|scripts|bench|migrations|cms";
/** A path starting at a top-level folder, not inside a URL, an alias (`@app/`) or `../app/`. */
const PATH = new RegExp(`(?<![\\w./@:-])(?:${ROOTS})/[\\w.*{}<>/-]*`, "g");
const PRODUCT_SECTION = /docs\/product\.md(?:'s)?,?\s+sections?\s+(\d+(?:\s*(?:,|-|–|and|to)\s*\d+)*)/g;
const CONVENTION_SECTION = /docs\/conventions\.md\s+"([^"]+)"/g;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** The cited path made checkable: trailing punctuation off, cut before a glob or placeholder. */
function checkablePath(raw: string): string | null {
  let path = raw.replace(/[.,]+$/, "");
  const wild = path.search(/[*{}<>]|NNN/);
  if (wild >= 0) path = path.slice(0, path.lastIndexOf("/", wild) + 1);
  return path.includes("/") ? path : null;
}

/** The checks of code in tests/repo/ use made-up paths as fixtures: only their paths go unchecked. */
const FIXTURE_FILES = /^tests\/repo\//;

/** Every problem with the citations in one file's text, as `file:line: what`. */
export function citationProblems(file: string, text: string, repo: Repo): string[] {
  const problems: string[] = [];
  const report = (index: number, what: string) => problems.push(`${file}:${lineOf(text, index)}: ${what}`);

  for (const m of text.matchAll(ABSENT_DOCUMENT))
    report(m.index, `cites ${m[0]}, which the repository does not have`);
  for (const m of text.matchAll(ISSUE)) report(m.index, `cites "${m[0]}" of an issue tracker`);
  for (const m of FIXTURE_FILES.test(file) ? [] : text.matchAll(PATH)) {
    const path = checkablePath(m[0]);
    if (path && !repo.exists(path)) report(m.index, `cites ${m[0]}, which does not exist`);
  }
  for (const m of text.matchAll(PRODUCT_SECTION)) {
    const numbers = (m[1] as string).match(/\d+/g) ?? [];
    for (const n of numbers)
      if (!repo.productSections.has(Number(n))) report(m.index, `cites docs/product.md section ${n}`);
  }
  for (const m of text.matchAll(CONVENTION_SECTION))
    if (!repo.conventionSections.has(m[1] as string))
      report(m.index, `cites docs/conventions.md "${m[1]}", which has no such section`);
  return problems;
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", ".md", ".json", ".sql"];

/** Folders .gitignore names (tests/.artifacts, cms/.tmp…): made at run time, so citable. */
function ignoredFolders(): string[] {
  return readFileSync(join(ROOT, ".gitignore"), "utf8")
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(/^\//, "")
        .replace(/\/\*?$/, ""),
    )
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!") && !line.includes("*"));
}

function headings(path: string, pattern: RegExp): string[] {
  return [...readFileSync(join(ROOT, path), "utf8").matchAll(pattern)].map((m) => m[1] as string);
}

export function realRepo(): Repo {
  const ignored = ignoredFolders();
  return {
    exists(path) {
      const bare = path.replace(/\/$/, "");
      if (ignored.some((folder) => bare === folder || bare.startsWith(`${folder}/`))) return true;
      if (EXTENSIONS.some((ext) => existsSync(join(ROOT, bare + ext)))) return true;
      // docs/decisions/013 names docs/decisions/013-<slug>.md.
      const record = /^docs\/decisions\/(\d{3})$/.exec(bare);
      return (
        record !== null &&
        readdirSync(join(ROOT, "docs/decisions")).some((f) => f.startsWith(`${record[1]}-`))
      );
    },
    productSections: new Set(headings("docs/product.md", /^## (\d+)\. /gm).map(Number)),
    conventionSections: new Set(headings("docs/conventions.md", /^## (.+)$/gm)),
  };
}

const NOT_SCANNED = [
  /(^|\/)node_modules\//,
  /(^|\/)package-lock\.json$/,
  /^worker-configuration\.d\.ts$/,
  /^cms\/data\//,
  /^public\/media\//,
  /^(build|dist)\//,
  /\.(png|jpe?g|webp|gif|ico|svg|mp3|wav|flac|aiff?|woff2?|db|sqlite)$/i,
  // This file: its fixtures cite missing documents on purpose.
  /^tests\/repo\/citations\.test\.ts$/,
];

/** Tracked files plus new ones git does not ignore; without git, a walk of the folders. */
function repositoryFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    })
      .split("\0")
      .filter(Boolean);
  } catch {
    files = filesUnder("", () => true);
  }
  return files.filter((file) => existsSync(join(ROOT, file)) && !NOT_SCANNED.some((skip) => skip.test(file)));
}

const FAKE: Repo = {
  exists: (path) =>
    [
      "docs/decisions/013",
      "docs/product.md",
      "docs/conventions.md",
      "worker/content/d1",
      "worker/content/d1/",
      "tests/worker/",
    ].includes(path),
  productSections: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]),
  conventionSections: new Set(["Errors", "Tests"]),
};

describe("citations", () => {
  const check = (text: string) => citationProblems("x.ts", text, FAKE);

  it("fails on a document the repository lacks", () => {
    expect(check(`// see ${"SPEC"}.md section 8`)).toHaveLength(1);
    expect(check(`/* ${"DESIGN"}.md decides */`)).toHaveLength(1);
    expect(check(`as ${"CONVENTIONS"}.md says`)).toHaveLength(1);
    expect(check("// the SPECIAL_POSTS list")).toEqual([]);
  });

  it("fails on an issue number", () => {
    expect(check(`// fixed in ${"issue"} 9`)).toEqual([`x.ts:1: cites "${"issue"} 9" of an issue tracker`]);
    expect(check(`\n(${"Issue"} #12)`)).toEqual([`x.ts:2: cites "${"Issue"} #12" of an issue tracker`]);
    expect(check("// an issue with the cache")).toEqual([]);
  });

  it("fails on a cited path that does not exist, with or without extension", () => {
    expect(check("see docs/decisions/013 and worker/content/d1.")).toEqual([]);
    expect(check("in worker/content/d1/ and tests/worker/fuzz-*.test.ts")).toEqual([]);
    expect(check("see docs/decisions/012")).toEqual([
      "x.ts:1: cites docs/decisions/012, which does not exist",
    ]);
    expect(check("(tests/worker/fuzz.test.ts)")).toEqual([
      "x.ts:1: cites tests/worker/fuzz.test.ts, which does not exist",
    ]);
    expect(check('import { x } from "@app/root"; import "../app/x"; https://example.com/app/x')).toEqual([]);
  });

  it("fails on a docs/product.md section that does not exist", () => {
    expect(check("docs/product.md section 8 and docs/product.md sections 2-4, 8 and 9")).toEqual([]);
    expect(check("docs/product.md section 10")).toEqual(["x.ts:1: cites docs/product.md section 10"]);
    expect(check("docs/product.md sections 4 and 12")).toEqual(["x.ts:1: cites docs/product.md section 12"]);
  });

  it("fails on a docs/conventions.md section that does not exist", () => {
    expect(check('docs/conventions.md "Errors"')).toEqual([]);
    expect(check('docs/conventions.md "Naming"')).toHaveLength(1);
  });

  it("finds none in the repository's own files", () => {
    const repo = realRepo();
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(repo.productSections.size).toBe(9);
    const problems = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return text.includes("\0") ? [] : citationProblems(file, text, repo);
    });
    expect(problems).toEqual([]);
  });
});
