import type { Plugin } from "vite";

/**
 * React's streaming renderer measures every piece of HTML it produces (`byteLengthOfChunk`, for
 * progressive chunking) with `Buffer.byteLength`: in workerd one call into the runtime per piece,
 * thousands a page, about a sixth of a render's CPU (bench/profiles.md). The server's copy of
 * React's Bun build (app/lib/html-stream.server.ts) counts the same UTF-8 bytes in JavaScript
 * instead (a lone surrogate counts 3, as Buffer's replacement character does). The build fails
 * if React's code no longer has the function, so an update cannot silently drop this
 * (docs/decisions/042).
 */
export const BYTE_LENGTH_OF_CHUNK =
  'function byteLengthOfChunk(chunk) {\n  return Buffer.byteLength(chunk, "utf8");\n}';
export const UTF8_BYTE_LENGTH = `function byteLengthOfChunk(chunk) {
  var n = chunk.length;
  for (var i = 0; i < chunk.length; i++) {
    var c = chunk.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) { n += 1; continue; }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < chunk.length) {
      var d = chunk.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n += 2; i++; continue; }
    }
    n += 2;
  }
  return n;
}`;
export function reactByteLengthInJs(): Plugin {
  return {
    name: "crossfade:react-byte-length-in-js",
    enforce: "pre",
    transform(code, id) {
      if (!/react-dom[\\/]cjs[\\/]react-dom-server\.bun\.(production|development)\.js$/.test(id)) return;
      if (!code.includes(BYTE_LENGTH_OF_CHUNK))
        this.error(
          `${id}: byteLengthOfChunk is not what scripts/react-byte-length.ts expects (docs/decisions/042)`,
        );
      return { code: code.replace(BYTE_LENGTH_OF_CHUNK, UTF8_BYTE_LENGTH), map: null };
    },
  };
}
