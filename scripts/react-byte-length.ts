import type { Plugin } from "vite";

/**
 * React's streaming renderer counts the bytes of every piece of HTML it produces
 * (`byteLengthOfChunk`): in its Bun build (app/lib/html-stream.server.ts) with
 * `Buffer.byteLength`, in workerd one call into the runtime per piece, thousands a page, about a
 * sixth of a render's CPU (bench/profiles.md). React uses the counts for one thing: whether a
 * finished Suspense boundary is worth sending separately (`progressiveChunkSize`, which
 * app/entry.server.tsx sets to infinity, so never; and a 500-byte floor below which a boundary
 * that finished in time skips rendering its fallback). The server's copy counts a piece by its
 * length instead, which equals its UTF-8 bytes for ASCII and is a lower bound otherwise: the
 * HTML is the same (app/lib/html-stream.server.test.tsx, tests/worker). The build fails if
 * React's code no longer has the function, so an update cannot silently drop this
 * (docs/decisions/042).
 */
export const BYTE_LENGTH_OF_CHUNK =
  'function byteLengthOfChunk(chunk) {\n  return Buffer.byteLength(chunk, "utf8");\n}';
export const LENGTH_OF_CHUNK = "function byteLengthOfChunk(chunk) {\n  return chunk.length;\n}";

const REACT_BUN_SERVER = /react-dom[\\/]cjs[\\/]react-dom-server\.bun\.(production|development)\.js$/;

export function reactByteLengthInJs(): Plugin {
  return {
    name: "crossfade:react-byte-length-in-js",
    enforce: "pre",
    transform(code, id) {
      if (!REACT_BUN_SERVER.test(id)) return;
      if (!code.includes(BYTE_LENGTH_OF_CHUNK))
        this.error(
          `${id}: byteLengthOfChunk is not what scripts/react-byte-length.ts expects (docs/decisions/042)`,
        );
      return { code: code.replace(BYTE_LENGTH_OF_CHUNK, LENGTH_OF_CHUNK), map: null };
    },
  };
}
