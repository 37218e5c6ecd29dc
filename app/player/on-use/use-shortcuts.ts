import { type Chapter, chapterIndexAt } from "@core/content/chapters";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import { useEffect } from "react";
import {
  currentTrackAtom,
  progressAtom,
  seekAtom,
  seekByAtom,
  toggleMuteAtom,
  togglePlayAtom,
} from "../atoms";
import { focusedControl, ownsKey } from "./key-owner";

export const SEEK_STEP_SECONDS = 10;

/**
 * docs/product.md section 9: Space plays or pauses, M mutes, Left and Right seek ±10 s, Shift with
 * Left or Right goes to a mix's previous or next chapter, unless the focused control uses the key
 * itself (./key-owner.ts).
 */
export function useShortcuts(chapters: readonly Chapter[] = []) {
  const track = useAtomValue(currentTrackAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const toggleMute = useSetAtom(toggleMuteAtom);
  const seekBy = useSetAtom(seekByAtom);
  const seek = useSetAtom(seekAtom);
  const store = useStore();

  useEffect(() => {
    if (!track) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const control = focusedControl(event.target);
      if (control && ownsKey(control, event.key)) return;
      if (event.key === " ") {
        event.preventDefault();
        toggle();
      } else if (event.key === "m" || event.key === "M") {
        toggleMute();
      } else if (
        event.shiftKey &&
        chapters.length &&
        (event.key === "ArrowLeft" || event.key === "ArrowRight")
      ) {
        // Shift+Left and Shift+Right: the previous and next chapter of a mix (docs/decisions/062).
        event.preventDefault();
        const index = chapterIndexAt(chapters, store.get(progressAtom).position);
        const chapter = chapters[event.key === "ArrowLeft" ? Math.max(0, index - 1) : index + 1];
        if (chapter) seek(chapter.start);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        seekBy(-SEEK_STEP_SECONDS);
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        seekBy(SEEK_STEP_SECONDS);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [track, toggle, toggleMute, seekBy, seek, store, chapters]);
}
