import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "./import-graph";
import { filesUnder, readSource } from "./source-files";

/**
 * No two files of the code import each other, however indirectly: a cycle makes the order in
 * which modules run depend on who is imported first, and two files that need each other are one
 * thing in two places (docs/decisions/052-types-cycles-duplicates.md). Type-only imports and
 * dynamic `import()` count too.
 */
const FOLDERS = ["app", "core", "worker", "scripts"];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const cyclesOf = (files: Record<string, string>) => importCycles(importGraph(new Map(Object.entries(files))));

describe("import cycles", () => {
  it("finds two files that import each other", () => {
    expect(
      cyclesOf({
        "core/a.ts": 'import { b } from "./b";\nexport const a = 1;',
        "core/b.ts": 'import { a } from "@core/a";\nexport const b = a;',
        "core/c.ts": 'import { a } from "./a";',
      }),
    ).toEqual([["core/a.ts", "core/b.ts"]]);
  });

  it("finds a cycle made of type-only imports and re-exports, through a folder's index", () => {
    expect(
      cyclesOf({
        "core/content/post.ts": 'import type { Hit } from "../search";\nexport interface Post { hit: Hit }',
        "core/search/index.ts": 'export type { Hit } from "./hit";',
        "core/search/hit.ts":
          'import type {\n  Post,\n} from "@core/content/post";\nexport interface Hit { post: Post }',
      }),
    ).toEqual([["core/content/post.ts", "core/search/hit.ts", "core/search/index.ts"]]);
  });

  it("finds a cycle closed by a dynamic import()", () => {
    expect(
      cyclesOf({
        "app/share/button.tsx": 'const load = () => import("./on-use/dialog");\nexport const KIND = 1;',
        "app/share/on-use/dialog.tsx": 'import { KIND } from "../button";',
      }),
    ).toEqual([["app/share/button.tsx", "app/share/on-use/dialog.tsx"]]);
  });

  it("finds a file that imports itself, and nothing where imports only run one way", () => {
    expect(cyclesOf({ "worker/a.ts": 'export * from "./a";' })).toEqual([["worker/a.ts"]]);
    expect(
      cyclesOf({
        "worker/a.ts": 'import { b } from "./b";\nimport { c } from "./c";',
        "worker/b.ts": 'import { c } from "./c";\nimport { z } from "zod";',
        "worker/c.ts": "export const c = 1;",
      }),
    ).toEqual([]);
  });

  it(`no cycle in ${FOLDERS.join("/, ")}/`, () => {
    const files = FOLDERS.flatMap((folder) => filesUnder(folder, (path) => SOURCE.test(path)));
    expect(files.length).toBeGreaterThan(100);
    const graph = importGraph(new Map(files.map((file) => [file, readSource(file)])));
    expect([...graph.values()].flat().length).toBeGreaterThan(files.length);
    expect(importCycles(graph)).toEqual([]);
  });
});
