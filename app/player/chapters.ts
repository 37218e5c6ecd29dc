import { type Chapter, chapterIndexAt } from "@core/content/chapters";
import { atom, useAtomValue } from "jotai";
import { useMemo } from "react";
import { progressAtom } from "./atoms";

/**
 * The chapter of a mix playing now (docs/decisions/062): its index in `chapters`, or -1. The
 * component re-renders when the chapter changes, not on every tick of the position: a derived
 * atom notifies its readers only when its value changes (jotai's own `atom`, so the page loads no
 * jotai/utils for it).
 */
export function useChapterIndex(chapters: readonly Chapter[]): number {
  const indexAtom = useMemo(
    () => atom((get) => chapterIndexAt(chapters, get(progressAtom).position)),
    [chapters],
  );
  return useAtomValue(indexAtom);
}
