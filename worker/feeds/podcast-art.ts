// Written by `npm run podcast:art` (scripts/podcast-art.ts); do not edit.
/** SVG covers with a 1400 px PNG rendition in /media/covers/podcast/, for podcast episode art. */
export const PODCAST_ART: ReadonlySet<string> = new Set([
  "/media/covers/crossfade-mix-001-tape-hiss-society.svg",
  "/media/covers/crossfade-mix-002-marrow-and-salt.svg",
  "/media/covers/crossfade-mix-003-mirrorball-saints.svg",
  "/media/covers/crossfade-mix-004-zoe-lefevre.svg",
  "/media/covers/crossfade-mix-005-moritz-kuhn.svg",
  "/media/covers/crossfade-mix-006-kite-theory.svg",
  "/media/covers/crossfade-mix-007-dusk-protocol.svg",
  "/media/covers/crossfade-mix-008-delphine-achterberg.svg",
  "/media/covers/crossfade-mix-009-ezinne-nwosu.svg",
  "/media/covers/crossfade-mix-010-ilse-van-dijk.svg",
  "/media/covers/crossfade-mix-011-jurgen-moller.svg",
  "/media/covers/crossfade-mix-012-sigrun-osk.svg",
  "/media/covers/crossfade-mix-013-adaeze-okafor.svg",
  "/media/covers/crossfade-mix-014-dj-lumen.svg",
  "/media/covers/crossfade-mix-015-concrete-bloom.svg",
]);
