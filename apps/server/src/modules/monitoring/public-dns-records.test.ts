import { describe, expect, it } from 'vitest';
import { publicDnsRecords } from './public-dns-records.ts';

describe('publicDnsRecords', () => {
  const dns = {
    a: ['203.0.113.80', '10.1.2.3', '127.0.0.1', '169.254.169.254', '93.184.216.34'],
    aaaa: ['fd00:ec2::254', '::1', '2606:2800:220:1::1'],
    mx: ['mail.lookalike.example'],
    ns: ['ns1.parking-dns.example'],
  };

  it("keeps a look-alike's private addresses out of what its watcher sees (issue 29)", () => {
    expect(publicDnsRecords(dns, {})).toEqual({
      a: ['93.184.216.34'],
      aaaa: ['2606:2800:220:1::1'],
      mx: ['mail.lookalike.example'],
      ns: ['ns1.parking-dns.example'],
    });
  });

  it('keeps them where private networks are allowed (local fixtures)', () => {
    expect(publicDnsRecords(dns, { allowPrivateNetworks: true })).toEqual(dns);
  });
});
