/**
 * The icons the pages draw. The player bar's own (skip, chapters, volume) live with it
 * (app/player/on-use/player-icons.ts): it loads on first Play, and no page pays for them before.
 */
const PATHS = {
  search:
    "M10.5 3a7.5 7.5 0 0 1 5.96 12.06l4.24 4.24-1.4 1.4-4.24-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z",
  menu: "M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z",
  close: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z",
  arrowUp: "M12 4 5 11l1.4 1.4L11 7.8V20h2V7.8l4.6 4.6L19 11l-7-7Z",
  play: "M8 5v14l11-7L8 5Z",
  pause: "M7 5h4v14H7V5Zm6 0h4v14h-4V5Z",
  instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H7Zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17.2 6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z",
  soundcloud:
    "M2 14h1v4H2v-4Zm2-2h1v6H4v-6Zm2-1h1v7H6v-7Zm2-1h1v8H8v-8Zm2-2h1v10h-1V8Zm2-1c3.3 0 6 2.3 6.5 5.3A3 3 0 1 1 19 18h-7V7Z",
  bandcamp: "M0 18 6.5 6H24l-6.5 12H0Z",
  rss: "M5 17a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 10a11 11 0 0 1 11 11h-3a8 8 0 0 0-8-8v-3Zm0-6a17 17 0 0 1 17 17h-3A14 14 0 0 0 3 7V4Z",
  calendar: "M7 2h2v2h6V2h2v2h3v17H4V4h3V2Zm11 8H6v9h12v-9Z",
} as const;

export type IconName = keyof typeof PATHS;

/**
 * An inline, decorative SVG icon, by name or by its path (`d`); the surrounding control carries
 * the accessible name.
 */
export function Icon({ name, d, size = 20 }: { name?: IconName; d?: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d ?? (name && PATHS[name])} fill="currentColor" />
    </svg>
  );
}
