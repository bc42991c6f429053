import { expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

it('counts IPv4 addresses one by one', () => {
  expect(addressKey('203.0.113.9', 64)).toBe('203.0.113.9');
  expect(addressKey('::ffff:203.0.113.9', 64)).toBe('203.0.113.9');
});

it('counts IPv6 addresses by their network prefix, however they are written', () => {
  expect(addressKey('2001:db8:1:2::1', 64)).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc', 64)).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
  expect(addressKey('2001:db8:1:2:abcd::1', 48)).toBe('2001:db8:1::/48');
  expect(addressKey('2001:db8:1:2:abcd::1', 56)).toBe('2001:db8:1::/56');
  expect(addressKey('2001:db8:1:2ff:abcd::1', 56)).toBe('2001:db8:1:200::/56');
  expect(addressKey('fe80::1%eth0', 64)).toBe('fe80::/64');
  expect(addressKey('::1', 128)).toBe('::1/128');
});

it('leaves what is no IP address as it is', () => {
  expect(addressKey('unknown', 64)).toBe('unknown');
});
