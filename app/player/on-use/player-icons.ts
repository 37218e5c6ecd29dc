/** The player bar's icons (app/components/icons.tsx draws them): loaded with the bar, on first Play. */
export const PLAYER_ICONS = {
  previous: "M6 6h2v12H6V6Zm3.5 6L18 6v12l-8.5-6Z",
  next: "M16 6h2v12h-2V6ZM6 18V6l8.5 6L6 18Z",
  rewind: "M11 18V6l-8.5 6 8.5 6Zm.5-6 8.5 6V6l-8.5 6Z",
  forward: "M4 18l8.5-6L4 6v12Zm9-12v12l8.5-6L13 6Z",
  volume:
    "M3 9h4l5-4v14l-5-4H3V9Zm13.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4ZM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6Z",
  volumeOff:
    "M3 9h4l5-4v14l-5-4H3V9Zm13.6 3 2.7-2.7 1.4 1.4-2.7 2.7 2.7 2.7-1.4 1.4-2.7-2.7-2.7 2.7-1.4-1.4 2.7-2.7-2.7-2.7 1.4-1.4 2.7 2.7Z",
} as const;

export type PlayerIcon = keyof typeof PLAYER_ICONS;
