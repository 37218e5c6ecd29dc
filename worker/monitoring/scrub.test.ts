import { describe, expect, it } from "vitest";
import { scrubEvent, scrubQuery, scrubSpan, scrubUrl } from "./scrub";

describe("scrubbing what goes to error reporting", () => {
  it.each([
    ["/newsletter/unsubscribe?token=abc", "/newsletter/unsubscribe?token=[Filtered]"],
    ["https://x.example/a?TOKEN=abc&q=techno", "https://x.example/a?TOKEN=[Filtered]&q=techno"],
    ["https://x.example/a?to%6Ben=abc", "https://x.example/a?to%6Ben=[Filtered]"],
    ["/admin?session=abc&page=2", "/admin?session=[Filtered]&page=2"],
    ["/x?email=a%40b.c&reference=CF-1", "/x?email=[Filtered]&reference=[Filtered]"],
    ["/x?q=techno#token=abc", "/x?q=techno"],
    ["/search?q=techno&page=2", "/search?q=techno&page=2"],
    ["/blog", "/blog"],
  ])("%s becomes %s", (url, scrubbed) => {
    expect(scrubUrl(url)).toBe(scrubbed);
  });

  it("replaces values in a bare query string, keeping the others", () => {
    expect(scrubQuery("token=abc&t=30&unsubscribe_token=def")).toBe(
      "token=[Filtered]&t=30&unsubscribe_token=[Filtered]",
    );
  });

  it("drops the Referer and private values from an event's request and breadcrumbs", () => {
    const event = scrubEvent({
      request: {
        url: "http://h/newsletter/unsubscribe?token=abc",
        query_string: "token=abc",
        headers: { "User-Agent": "x", Referer: "http://h/?token=abc", referrer: "http://h/?token=abc" },
      },
      breadcrumbs: { values: [{ data: { url: "/x?token=abc", from: "/y?token=abc" } }] },
    });
    expect(JSON.stringify(event)).not.toContain("abc");
    expect(event.request.headers).toEqual({ "User-Agent": "x" });
  });

  it("drops the Referer and private values from a span's attributes", () => {
    const span = scrubSpan({
      attributes: {
        "url.full": "http://h/a?token=abc&q=1",
        "url.query": "token=abc&q=1",
        "http.request.header.referer": ["http://h/?token=abc"],
        "http.request.header.accept": ["text/html"],
      },
    });
    expect(span.attributes).toEqual({
      "url.full": "http://h/a?token=[Filtered]&q=1",
      "url.query": "token=[Filtered]&q=1",
      "http.request.header.accept": ["text/html"],
    });
  });
});
