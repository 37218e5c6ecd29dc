import { describe, expect, it } from "vitest";
import { filesUnder, importSpecifiers, readSource, resolveSpecifier } from "./source-files";

/**
 * One direction of dependency (docs/architecture.md): app/ and worker/ both build on core/ and
 * never on each other; core/ builds on neither. No code outside tests/ builds on tests/, unit
 * tests beside their code included (docs/decisions/052-types-cycles-duplicates.md).
 */
const FORBIDDEN: Record<string, string[]> = {
  app: ["worker", "tests"],
  worker: ["app", "tests"],
  core: ["app", "worker", "tests"],
  scripts: ["tests"],
  bench: ["tests"],
};

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Imports of `file` (repository-relative) that cross a forbidden boundary. */
export function crossings(file: string, source: string): string[] {
  const from = file.split("/")[0] as string;
  const banned = FORBIDDEN[from] ?? [];
  return importSpecifiers(source).filter((specifier) => {
    const target = resolveSpecifier(file, specifier);
    return target !== null && banned.includes(target.split("/")[0] as string);
  });
}

/** The statements of a folder's index.ts that do more than hand names on from other files. */
export function notReexports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const reexport = /^export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+["'][^"']+["']$/;
  return code
    .split(";")
    .map((statement) => statement.trim().replace(/\s+/g, " "))
    .filter((statement) => statement !== "" && !reexport.test(statement));
}

/** The Worker's entry (wrangler.toml `main`) is named index.ts by Workers' custom, not a folder's face. */
const ENTRIES = new Set(["worker/index.ts"]);

describe("a folder's index.ts", () => {
  it("flags anything but re-exports", () => {
    expect(notReexports('export { a, type B } from "./a";\nexport * from "./b";\n// why\n')).toEqual([]);
    expect(notReexports('import { a } from "./a";\nexport { a };')).toEqual([
      'import { a } from "./a"',
      "export { a }",
    ]);
    expect(notReexports("export function create() {\n  return 1;\n}\n")).not.toEqual([]);
  });

  it('only re-exports, everywhere in app/, core/, worker/ and scripts/ (docs/conventions.md "Layout")', () => {
    const files = ["app", "core", "worker", "scripts"].flatMap((folder) =>
      filesUnder(folder, (path) => /\/index\.tsx?$/.test(path) && !ENTRIES.has(path)),
    );
    expect(files.length).toBeGreaterThan(3);
    const found = files.flatMap((file) =>
      notReexports(readSource(file)).map((s) => `${file}: ${s.slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });
});

describe("dependency direction", () => {
  it("flags imports across the boundary in every form an import takes", () => {
    expect(crossings("app/routes/x.tsx", 'import { a } from "../../worker/env";')).toEqual([
      "../../worker/env",
    ]);
    expect(crossings("app/routes/x.tsx", 'import type { A } from "@worker/content/d1";')).toEqual([
      "@worker/content/d1",
    ]);
    expect(crossings("worker/app.ts", 'export { TEXTS } from "../app/lib/texts";')).toEqual([
      "../app/lib/texts",
    ]);
    expect(crossings("worker/app.ts", 'const m = await import("@app/root");')).toEqual(["@app/root"]);
    expect(crossings("core/texts.ts", 'import {\n  x,\n} from "../worker/env";')).toEqual(["../worker/env"]);
    expect(
      crossings("worker/x.test.ts", 'import { subjectOf } from "@tests/contract/content-contract";'),
    ).toEqual(["@tests/contract/content-contract"]);
    expect(crossings("bench/run.mjs", 'import { start } from "../tests/support/fault-server.ts";')).toEqual([
      "../tests/support/fault-server.ts",
    ]);
    expect(crossings("app/root.tsx", 'import { TEXTS } from "@core/texts";\nimport "./styles.css";')).toEqual(
      [],
    );
  });

  for (const folder of Object.keys(FORBIDDEN)) {
    it(`${folder}/ imports nothing from ${FORBIDDEN[folder]?.map((f) => `${f}/`).join(" or ")}`, () => {
      const files = filesUnder(folder, (path) => SOURCE.test(path));
      expect(files.length).toBeGreaterThan(5);
      const found = files.flatMap((file) => crossings(file, readSource(file)).map((s) => `${file}: ${s}`));
      expect(found).toEqual([]);
    });
  }
});
