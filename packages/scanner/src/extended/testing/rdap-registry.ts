import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegisteredDomain {
  name: string;
  registered: string;
  expires: string;
}

export interface RdapRegistry {
  /** The IANA-style bootstrap file's URL, for `rdapBootstrapUrl`. */
  bootstrapUrl: string;
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

/** A local stand-in for IANA's bootstrap file and an RDAP registry serving `tlds`, speaking their real formats. */
export async function startRdapRegistry(
  domains: readonly RegisteredDomain[],
  tlds: readonly string[] = ['net', 'com'],
): Promise<RdapRegistry> {
  const requests: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    requests.push(`${request.url} ${request.headers.accept}`);
    const domain = domains.find((entry) => request.url === `/rdap/com/v1/domain/${entry.name}`);
    const answer =
      request.url === '/dns.json'
        ? { version: '1.0', publication: '2026-11-20T00:00:00Z', services: [[tlds, [`${base}/rdap/com/v1/`]]] }
        : domain && domainAnswer(domain);
    response.writeHead(answer ? 200 : 404, { 'content-type': 'application/rdap+json' });
    response.end(JSON.stringify(answer ?? { errorCode: 404, title: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bootstrapUrl: `${base}/dns.json`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
