/**
 * Which network addresses the server may fetch from (the recipe import's pages and photos): public unicast only.
 * The ranges are ipaddr.js's list of the IANA special-purpose registries (IPv4 and IPv6: loopback, private,
 * link-local, carrier-grade NAT, multicast, broadcast, documentation, benchmarking, discard-only, Teredo, 6to4,
 * NAT64, IPv4-translated, reserved, …), kept up to date with the package rather than by hand. An IPv4 address
 * written inside IPv6 (mapped or compatible) is judged as that IPv4 address; every address of this machine's own
 * interfaces is refused too, whatever its range (a server bound to 0.0.0.0 answers on its public address).
 */
import ipaddr from "ipaddr.js";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

/** The address as ipaddr.js reads it (IPv4 inside IPv6 as IPv4, a zone dropped), or null when it is none. */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/%[\s\S]*$/, "");
  if (isIP(bare) === 0) return null;
  return ipaddr.process(bare);
}

/** Anything but a public unicast address (and anything that is not an address at all). */
export function isPrivateAddress(address: string): boolean {
  return parsed(address)?.range() !== "unicast";
}

/** Every address of this machine's interfaces, read at each check (addresses change, e.g. by DHCP). */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const address = parsed(entry.address);
      if (address) own.add(address.toNormalizedString());
    }
  }
  return own;
}

/** Private or special by range, or one of this machine's own addresses. */
export function isRefusedAddress(address: string): boolean {
  return isPrivateAddress(address) || ownAddresses().has(parsed(address)!.toNormalizedString());
}
