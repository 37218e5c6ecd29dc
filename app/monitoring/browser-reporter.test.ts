import { describe, expect, it } from "vitest";
import { parseStack } from "./browser-reporter";

describe("parseStack (the browser reporter's frames for Sentry)", () => {
  it("reads Chromium frames, oldest first", () => {
    const stack = [
      "TypeError: x is not a function",
      "    at play (https://crossfade.example/assets/player-ab12.js:1:2345)",
      "    at https://crossfade.example/assets/entry.client-cd34.js:9:87",
    ].join("\n");
    expect(parseStack(stack)).toEqual([
      {
        function: "?",
        filename: "https://crossfade.example/assets/entry.client-cd34.js",
        lineno: 9,
        colno: 87,
        in_app: false,
      },
      {
        function: "play",
        filename: "https://crossfade.example/assets/player-ab12.js",
        lineno: 1,
        colno: 2345,
        in_app: false,
      },
    ]);
  });

  it("reads Chromium eval frames by their innermost location", () => {
    const [frame] = parseStack("Error: boom\n    at eval (eval at evaluate (:234:30), <anonymous>:3:15)");
    expect(frame).toMatchObject({ function: "eval", filename: "<anonymous>", lineno: 3, colno: 15 });
  });

  it("reads Firefox and Safari frames", () => {
    expect(
      parseStack("play@https://crossfade.example/assets/p.js:4:5\n@https://crossfade.example/a.js:1:1"),
    ).toEqual([
      { function: "?", filename: "https://crossfade.example/a.js", lineno: 1, colno: 1, in_app: false },
      {
        function: "play",
        filename: "https://crossfade.example/assets/p.js",
        lineno: 4,
        colno: 5,
        in_app: false,
      },
    ]);
  });

  it("gives no frames for a missing or frameless stack", () => {
    expect(parseStack(undefined)).toEqual([]);
    expect(parseStack("Error: only a message")).toEqual([]);
  });
});
