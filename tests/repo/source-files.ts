import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** The repository's root folder. */
export const ROOT = normalize(join(import.meta.dirname, "..", ".."));

const SKIP = new Set([
  "node_modules",
  ".git",
  ".react-router",
  ".wrangler",
  "build",
  "dist",
  ".cache",
  ".tmp",
]);

/** Every file below `folder` (repository-relative paths), skipping installs and build output. */
export function filesUnder(folder: string, test: (path: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (SKIP.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (test(path)) found.push(path);
    }
  };
  walk(folder);
  return found.sort();
}

export function readSource(path: string): string {
  return readFileSync(join(ROOT, path), "utf8");
}

/** The path aliases of tsconfig.base.json: `@core/x` is `core/x`. */
const ALIASES = ["core", "app", "worker", "scripts", "tests"];

/**
 * The repository-relative module an import specifier names, or null for a package
 * (`react`, `node:fs`, `virtual:…`).
 */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return relative(ROOT, join(ROOT, dirname(fromFile), specifier));
  const alias = ALIASES.find((name) => specifier.startsWith(`@${name}/`));
  return alias ? specifier.slice(1) : null;
}

/** Every module specifier of static imports, re-exports and dynamic imports in a source text. */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const pattern =
    /(?:^|[\s;}])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) found.push((match[1] ?? match[2] ?? match[3]) as string);
  return found;
}
