import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSubmission } from "./submission-rules";

const source = (fields: Record<string, string>) => ({ get: (name: string) => fields[name] ?? null });
const valid = {
  artist_name: "Ode",
  email: "ode@example.com",
  track_title: "Drift",
  links: "https://bandcamp.com/ode/drift",
  consent: "on",
};
const none = { audio: null, artwork: null };

describe("checkSubmission, shared by the browser and the Worker", () => {
  it("accepts a complete form and trims and splits its values", () => {
    const result = checkSubmission(
      source({
        ...valid,
        artist_name: "  Ode ",
        links: " https://a.example/x \n\n https://b.example/y ",
        genre: "",
      }),
      none,
    );
    expect(result).toEqual({
      ok: true,
      values: {
        artistName: "Ode",
        email: "ode@example.com",
        trackTitle: "Drift",
        genre: null,
        city: null,
        links: ["https://a.example/x", "https://b.example/y"],
        message: null,
        consent: true,
        audioType: null,
        artworkType: null,
      },
    });
  });

  it("wants a link or an audio file", () => {
    const noLinks = { ...valid, links: "" };
    expect(checkSubmission(source(noLinks), none)).toEqual({
      ok: false,
      errors: { links: "Add a link to your music or upload an audio file" },
    });
    const audio = { size: 10, head: new Uint8Array([0x49, 0x44, 0x33]) };
    expect(checkSubmission(source(noLinks), { audio, artwork: null }).ok).toBe(true);
  });

  it("refuses links that are not http(s) addresses, and more than five", () => {
    for (const links of ["javascript:alert(1)", "ftp://x.example/a", "not a url", "https://localhost/x"])
      expect(checkSubmission(source({ ...valid, links }), none)).toMatchObject({
        ok: false,
        errors: { links: expect.any(String) },
      });
    const six = Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`).join("\n");
    expect(checkSubmission(source({ ...valid, links: six }), none)).toEqual({
      ok: false,
      errors: { links: "Add at most 5 links" },
    });
  });

  it("counts only a ticked box (or true/yes/1) as consent", () => {
    for (const consent of ["on", "true", "YES", "1"])
      expect(checkSubmission(source({ ...valid, consent }), none).ok, consent).toBe(true);
    for (const consent of ["", "false", "no", "0", "off"])
      expect(checkSubmission(source({ ...valid, consent }), none), consent).toEqual({
        ok: false,
        errors: { consent: "Please agree so we can contact you about your submission" },
      });
  });

  it("gives each over-long field its own message", () => {
    const result = checkSubmission(
      source({ ...valid, artist_name: "x".repeat(121), message: "y".repeat(2001) }),
      none,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        artistName: "This is too long (at most 120 characters)",
        message: "This is too long (at most 2000 characters)",
      },
    });
  });

  it("reports an error for every required field left blank, whatever else is sent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("artist_name", "email", "track_title", "consent"),
        fc.string(),
        (blank, noise) => {
          const result = checkSubmission(
            source({ ...valid, message: noise.slice(0, 100), [blank]: "" }),
            none,
          );
          expect(result.ok).toBe(false);
        },
      ),
    );
  });
});
