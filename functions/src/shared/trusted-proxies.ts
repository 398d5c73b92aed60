// The networks of the proxies whose X-Forwarded-For entries are trusted (TRUSTED_PROXY_NETWORKS: Firebase
// Hosting's edge), read once with the configuration so a malformed entry stops the function at start.
import { BlockList, isIP } from 'node:net';

/** A CIDR ("203.0.113.0/24", "2001:db8::/32") or a single address. */
function addSubnet(list: BlockList, cidr: string): void {
  const [address = '', bits] = cidr.trim().split('/');
  const family = isIP(address);
  const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
  if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
    throw new Error(`TRUSTED_PROXY_NETWORKS: "${cidr}" is not an address or a CIDR network.`);
  }
  list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
}

/** The trusted proxies' networks as a lookup list; throws on an entry that is not a network. */
export function trustedProxyList(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of networks) addSubnet(list, network);
  return list;
}
