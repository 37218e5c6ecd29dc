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
