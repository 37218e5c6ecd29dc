import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ARTWORK, AUDIO, checkFile, sniffFileType } from "./file-types";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("sniffFileType reads what a file is from its first bytes", () => {
  it("recognises each accepted format by its signature", () => {
    expect(sniffFileType(bytes("ID3", 4, 0))).toBe("audio/mpeg");
    expect(sniffFileType(bytes(0xff, 0xfb, 0x90, 0x64))).toBe("audio/mpeg");
    expect(sniffFileType(bytes("RIFF", 1, 2, 3, 4, "WAVE"))).toBe("audio/wav");
    expect(sniffFileType(bytes("fLaC", 0))).toBe("audio/flac");
    expect(sniffFileType(bytes("FORM", 1, 2, 3, 4, "AIFF"))).toBe("audio/aiff");
    expect(sniffFileType(bytes("FORM", 1, 2, 3, 4, "AIFC"))).toBe("audio/aiff");
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffFileType(bytes(0x89, "PNG\r\n", 0x1a, "\n"))).toBe("image/png");
    expect(sniffFileType(bytes("RIFF", 1, 2, 3, 4, "WEBP"))).toBe("image/webp");
  });

  it("knows the demo MP3 clip as audio", () => {
    const clip = readFileSync(new URL("../../public/media/audio/short-clip.mp3", import.meta.url));
    expect(sniffFileType(new Uint8Array(clip.subarray(0, 16)))).toBe("audio/mpeg");
  });

  it("refuses look-alikes: AAC (ADTS), RIFF AVI, ZIP, text, and short files", () => {
    expect(sniffFileType(bytes(0xff, 0xf1, 0x50, 0x80))).toBeNull();
    expect(sniffFileType(bytes("RIFF", 1, 2, 3, 4, "AVI "))).toBeNull();
    expect(sniffFileType(bytes("PK", 3, 4))).toBeNull();
    expect(sniffFileType(bytes("<svg xmlns="))).toBeNull();
    expect(sniffFileType(bytes(0xff))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (head) => {
        const type = sniffFileType(head);
        expect(type === null || typeof type === "string").toBe(true);
      }),
    );
  });
});

describe("checkFile", () => {
  const mp3 = bytes("ID3", 4, 0);
  it("checks the size first, then the type for the field", () => {
    expect(checkFile(AUDIO, AUDIO.maxBytes, mp3)).toEqual({ ok: true, type: "audio/mpeg" });
    expect(checkFile(AUDIO, AUDIO.maxBytes + 1, mp3)).toEqual({ ok: false, problem: "tooLarge" });
    expect(checkFile(ARTWORK, 100, mp3)).toEqual({ ok: false, problem: "wrongType" });
    expect(checkFile(ARTWORK, ARTWORK.maxBytes + 1, bytes(0xff, 0xd8, 0xff))).toEqual({
      ok: false,
      problem: "tooLarge",
    });
  });
});
