import { describe, expect, it } from "vitest";
import { rateLimitKey } from "./client-address.server";

describe("rateLimitKey", () => {
  it("an IPv4 client is its address, however it is written", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("an IPv6 client is its /64: every address one subscriber can pick shares one allowance", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0db8:0001:0002:ffff::9")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
    expect(rateLimitKey("2001:db8:1:2:3:4:192.0.2.33")).toBe("2001:db8:1:2::/64");
  });

  it("no address at all is one shared key", () => {
    expect(rateLimitKey(undefined)).toBe("unknown");
    expect(rateLimitKey("")).toBe("unknown");
  });
});
