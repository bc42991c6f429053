import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegisteredDomain {
  name: string;
  registered: string;
  expires: string;
}

/** A network a regional registry holds, with its holder (the hosting company) and abuse mailbox. */
export interface RegisteredNetwork {
  cidr: string;
  handle: string;
  name: string;
  holder: string;
  abuseEmail: string;
}

export interface RdapRegistry {
  /** The IANA-style bootstrap file's URL, for `rdapBootstrapUrl`. */
  bootstrapUrl: string;
  /** The IANA-style address bootstrap files, for network look-ups. */
  addressBootstrapUrls: { ipv4: string; ipv6: string };
  /** Request paths with their Accept header, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A registry's answer in RFC 9083 shape, as Verisign's RDAP server writes it. */
function domainAnswer(domain: RegisteredDomain) {
  return {
    objectClassName: 'domain',
    ldhName: domain.name.toUpperCase(),
    status: ['client transfer prohibited'],
    events: [
      { eventAction: 'registration', eventDate: domain.registered },
      { eventAction: 'expiration', eventDate: domain.expires },
      { eventAction: 'last update of RDAP database', eventDate: '2026-11-21T07:00:00Z' },
    ],
    entities: [
      {
        objectClassName: 'entity',
        roles: ['registrar'],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', 'Example Registrar, Inc.'],
          ],
        ],
        entities: [
          {
            objectClassName: 'entity',
            roles: ['abuse'],
            vcardArray: [
              'vcard',
              [
                ['version', {}, 'text', '4.0'],
                ['fn', {}, 'text', ''],
                ['email', {}, 'text', 'abuse@registrar.example'],
              ],
            ],
          },
        ],
      },
    ],
  };
}

/** A regional registry's answer for an address in `network`, in RFC 9083 shape as ARIN writes it (abuse nested under the registrant). */
function networkAnswer(network: RegisteredNetwork) {
  const [start] = network.cidr.split('/');
  return {
    objectClassName: 'ip network',
    handle: network.handle,
    name: network.name,
    startAddress: start,
    endAddress: start,
    ipVersion: start?.includes(':') ? 'v6' : 'v4',
    country: 'US',
    entities: [
      {
        objectClassName: 'entity',
        roles: ['registrant'],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', network.holder],
          ],
        ],
        entities: [{ objectClassName: 'entity', roles: ['abuse'], vcardArray: ['vcard', [['email', {}, 'text', network.abuseEmail]]] }],
      },
    ],
  };
}

/**
 * A local stand-in for IANA's bootstrap files and an RDAP registry serving `tlds` and `networks`,
 * speaking their real formats.
 */
export async function startRdapRegistry(
  domains: readonly RegisteredDomain[],
  tlds: readonly string[] = ['net', 'com'],
  networks: readonly RegisteredNetwork[] = [],
): Promise<RdapRegistry> {
  const requests: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    requests.push(`${request.url} ${request.headers.accept}`);
    const domain = domains.find((entry) => request.url === `/rdap/com/v1/domain/${entry.name}`);
    const address = /^\/rdap\/ip\/([^/]+)$/.exec(request.url ?? '')?.[1];
    const network = address && networks.find((entry) => entry.cidr.split('/')[0] === decodeURIComponent(address));
    const addressServices = (v6: boolean) => ({
      version: '1.0',
      publication: '2026-11-20T00:00:00Z',
      services: [[networks.filter((entry) => entry.cidr.includes(':') === v6).map((entry) => entry.cidr), [`${base}/rdap/`]]],
    });
    const answer =
      request.url === '/dns.json'
        ? { version: '1.0', publication: '2026-11-20T00:00:00Z', services: [[tlds, [`${base}/rdap/com/v1/`]]] }
        : request.url === '/ipv4.json'
          ? addressServices(false)
          : request.url === '/ipv6.json'
            ? addressServices(true)
            : network
              ? networkAnswer(network)
              : domain && domainAnswer(domain);
    response.writeHead(answer ? 200 : 404, { 'content-type': 'application/rdap+json' });
    response.end(JSON.stringify(answer ?? { errorCode: 404, title: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bootstrapUrl: `${base}/dns.json`,
    addressBootstrapUrls: { ipv4: `${base}/ipv4.json`, ipv6: `${base}/ipv6.json` },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
