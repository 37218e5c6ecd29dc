/**
 * A content directory on disk (Node): read every Markdown file, write a catalogue as files, and
 * load the catalogue the files describe (the demo catalogue lives in content/ at the root).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { KINDS, parseContent } from "./parse";
import { type KnownRows, NO_ROWS, resolveContent } from "./resolve";
import type { ContentProblem } from "./schema";
import type { Catalogue } from "./types";

/** The demo catalogue's files: content/ at the repository's root. */
export const DEMO_CONTENT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "content");

/** Every file under `dir`, by path relative to it with '/' separators. Markdown is read as text. */
export function readFolder(dir: string): { markdown: Map<string, string>; other: string[] } {
  const markdown = new Map<string, string>();
  const other: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      if (name.startsWith(".")) continue;
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const rel = relative(dir, path).split(sep).join("/");
        if (rel.endsWith(".md")) markdown.set(rel, readFileSync(path, "utf8"));
        else other.push(rel);
      }
    }
  };
  walk(dir);
  return { markdown, other };
}

/** Thrown when files do not validate; `problems` lists every one. */
export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? "" : "s"} in the content files:\n${problems
        .map((p) => `  ${p.file}: ${p.field}: ${p.message}`)
        .join("\n")}`,
    );
    this.name = "ContentError";
  }
}

/** The catalogue that Markdown files describe; a ContentError when any file has a problem. */
export function catalogueFromFiles(
  markdown: ReadonlyMap<string, string>,
  known: KnownRows = NO_ROWS,
  options: { referencesFromFilesOnly?: boolean } = {},
): Catalogue {
  const { content, problems } = parseContent(markdown);
  const resolved = resolveContent(content, known, options);
  const all = [...problems, ...resolved.problems];
  if (all.length) throw new ContentError(all);
  return resolved.catalogue;
}

/** The catalogue of a content directory (default: the demo catalogue in content/). */
export function loadCatalogue(dir: string = DEMO_CONTENT): Catalogue {
  return catalogueFromFiles(readFolder(dir).markdown);
}

/**
 * Writes `files` into `dir` and removes the Markdown files of the kind folders that are not
 * among them (an item gone from the source is gone from the folder); other files stay.
 */
export function writeFolder(
  dir: string,
  files: ReadonlyMap<string, string>,
): { written: number; removed: string[] } {
  const removed: string[] = [];
  mkdirSync(dir, { recursive: true });
  const existing = readFolder(dir).markdown;
  for (const path of existing.keys()) {
    const kind = path.split("/")[0] as (typeof KINDS)[number];
    if (KINDS.includes(kind) && !files.has(path)) {
      rmSync(join(dir, path));
      removed.push(path);
    }
  }
  for (const [path, text] of files) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    if (existing.get(path) !== text) writeFileSync(target, text, "utf8");
  }
  return { written: files.size, removed };
}
