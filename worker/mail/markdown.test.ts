import { describe, expect, it } from "vitest";
import { markdownToMail } from "./markdown";

// An announcement's text through the site's document model (docs/decisions/149-every-long-text-a-document.md):
// what a post's body may hold reaches the mail, site paths absolute, nothing loaded by the mail.
describe("an announcement's Markdown as a mail", () => {
  const { html, text } = markdownToMail(
    [
      "## Out now",
      "",
      "The [night bus mix](/mixtapes/night-bus) is *here*:",
      "",
      "1. side A",
      "2. side B",
      "   - the dub",
      "",
      "> Made at four in the morning.",
      "",
      "[Harbour at dawn](https://open.spotify.com/track/51mCKtxirQHYKP9Lm6a4NB)",
      "",
      '![The crew at the desk](/media/img/abc/1200x800 "Photo: Crossfade")',
      "",
      "---",
    ].join("\n"),
    "https://crossfade.example",
  );

  it("draws headings, lists nested once, quotes and rules with a mail's inline styles", () => {
    expect(html).toContain('<h2 style="margin:24px 0 8px;font-size:20px">Out now</h2>');
    expect(html).toContain(
      '<ol style="margin:0 0 16px;padding-left:20px"><li>side A</li><li>side B<ul><li>the dub</li></ul></li></ol>',
    );
    expect(html).toContain(
      '<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #c8ff3d">',
    );
    expect(html).toContain("<hr ");
  });

  it("makes a site path absolute and an embedded track or a figure a link, loading nothing", () => {
    expect(html).toContain(
      '<a href="https://crossfade.example/mixtapes/night-bus" style="color:#c8ff3d">night bus mix</a> is <em>here</em>:',
    );
    expect(html).toContain(
      '<a href="https://open.spotify.com/track/51mCKtxirQHYKP9Lm6a4NB" style="color:#c8ff3d">Harbour at dawn</a>',
    );
    expect(html).toContain(
      '<a href="https://crossfade.example/media/img/abc/1200x800" style="color:#c8ff3d">Photo: Crossfade</a>',
    );
    expect(html).not.toMatch(/<img|<iframe|<script/);
  });

  it("writes the same as the text part", () => {
    expect(text).toBe(
      [
        "OUT NOW",
        "The night bus mix (https://crossfade.example/mixtapes/night-bus) is here:",
        "1. side A\n2. side B\n   - the dub",
        "> Made at four in the morning.",
        "Harbour at dawn (https://open.spotify.com/track/51mCKtxirQHYKP9Lm6a4NB)",
        "Photo: Crossfade (https://crossfade.example/media/img/abc/1200x800)",
        "---",
      ].join("\n\n"),
    );
  });

  it("keeps what a post's body refuses as typed, escaped: HTML, an unsafe link, a # heading", () => {
    const mail = markdownToMail(
      '# Big\n\n<img src=x onerror="alert(1)">\n\nA [bad](javascript:alert(1)) one.',
    );
    expect(mail.html).toContain('<h2 style="margin:24px 0 8px;font-size:20px">Big</h2>');
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain("A [bad](javascript:alert(1)) one.");
    expect(mail.html).not.toContain("<img");
  });
});
