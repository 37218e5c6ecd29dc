import { useEngine } from "@app/player/on-use/use-engine";
import type { RefObject } from "react";

/** Drives the site's player engines inside an embed (no bar, shortcuts or saved session). */
export function EmbedEngine({ mount }: { mount: RefObject<HTMLElement | null> }) {
  useEngine(mount);
  return null;
}
