import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BYTE_LENGTH_OF_CHUNK, LENGTH_OF_CHUNK, reactByteLengthInJs } from "./react-byte-length";

const require = createRequire(import.meta.url);
describe("React's byte counts on the server", () => {
  it("replaces the function in both of React's Bun builds, and fails the build when it is gone", () => {
    const plugin = reactByteLengthInJs();
    const transform = plugin.transform as (
      this: unknown,
      code: string,
      id: string,
    ) => { code: string } | undefined;
    const errors: string[] = [];
    const context = {
      error(message: string) {
        errors.push(message);
        throw new Error(message);
      },
    };
    for (const build of ["production", "development"]) {
      const id = join(
        dirname(require.resolve("react-dom/package.json")),
        "cjs",
        `react-dom-server.bun.${build}.js`,
      );
      const code = readFileSync(id, "utf8");
      expect(code).toContain(BYTE_LENGTH_OF_CHUNK);
      const out = transform.call(context, code, id);
      expect(out?.code).not.toContain("Buffer.byteLength");
      expect(out?.code).toContain(LENGTH_OF_CHUNK);
    }
    expect(transform.call(context, "export {}", "/x/react-dom-server.node.production.js")).toBeUndefined();
    expect(() =>
      transform.call(
        context,
        "function byteLengthOfChunk(c) {}",
        "/n/react-dom/cjs/react-dom-server.bun.production.js",
      ),
    ).toThrow(/byteLengthOfChunk/);
    expect(errors).toHaveLength(1);
  });
});
