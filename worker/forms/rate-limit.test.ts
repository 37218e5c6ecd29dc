import { describe, expect, it } from "vitest";
import { addressBlock } from "./rate-limit";

describe("addressBlock", () => {
  it("keeps an IPv4 address whole", () => {
    expect(addressBlock("203.0.113.7")).toBe("203.0.113.7");
  });

  it("reads every spelling of an IPv6 address as its /64", () => {
    const block = "2001:db8:a:b::/64";
    for (const address of [
      "2001:db8:a:b::1",
      "2001:0db8:000a:000b:ffff:1:2:3",
      "2001:DB8:A:B:0:0:0:abcd",
      "2001:db8:a:b:1::",
    ])
      expect(addressBlock(address)).toBe(block);
    expect(addressBlock("2001:db8:a:c::1")).toBe("2001:db8:a:c::/64");
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
  });

  it("reads an IPv4-mapped address as the IPv4 address, and leaves what is no address as it is", () => {
    expect(addressBlock("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(addressBlock("unknown")).toBe("unknown");
    expect(addressBlock("1::2::3")).toBe("1::2::3");
  });
});
