import { isIPv4, isIPv6 } from "node:net";

/**
 * The key rate limits and throttles use for a client: its IPv4 address, or
 * its IPv6 /64. One subscriber is handed a whole /64 and can pick any address
 * in it, so counting single IPv6 addresses would give each of them billions
 * of fresh allowances.
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return "unknown";
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return mapped;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const [head = "", tail] = bare.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  // An embedded IPv4 address at the end fills two groups.
  const width = (part: string[]) => part.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const full =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - width(groups(head)) - width(groups(tail))).fill("0"), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
