import { describe, expect, it } from 'vitest';
import { hostParts } from '../url/host-parts.ts';
import { hostOfUrlKey, ReputationIndex } from './reputation-index.ts';
import { urlKey } from './url-key.ts';

function query(raw: string) {
  const url = new URL(raw);
  return { urlKey: urlKey(url), parts: hostParts(url.hostname) };
}

describe('ReputationIndex', () => {
  const index = new ReputationIndex();
  index.add({ kind: 'url', value: 'shared.example/bad/page.php', threat: 'phishing', source: 'openphish' });
  index.add({ kind: 'host', value: 'login.hacked.example', threat: 'phishing', source: 'phishtank' });
  index.add({ kind: 'domain', value: 'evil.example', threat: 'scam', source: 'list' });
  index.add({ kind: 'domain', value: 'evil.example', threat: 'malware', source: 'urlhaus' });

  it('matches a listed URL whatever its scheme, and not its neighbours', () => {
    expect(index.match(query('https://shared.example/bad/page.php')).map((hit) => hit.kind)).toEqual(['url']);
    expect(index.match(query('http://SHARED.example/bad/page.php#top'))).toHaveLength(1);
    expect(index.match(query('https://shared.example/bad/other.php'))).toEqual([]);
  });

  it('matches a listed host exactly and a listed domain with all its subdomains', () => {
    expect(index.match(query('https://login.hacked.example/x'))).toHaveLength(1);
    expect(index.match(query('https://www.hacked.example/'))).toEqual([]);
    expect(index.match(query('https://a.b.evil.example/')).map((hit) => hit.value)).toEqual(['evil.example']);
  });

  it('drops a withdrawn listing once no other source keeps it', () => {
    const own = new ReputationIndex();
    own.add({ kind: 'url', value: 'cloud.example/share/a', threat: 'phishing', source: 'riskscan' });
    own.add({ kind: 'url', value: 'cloud.example/share/b', threat: 'phishing', source: 'riskscan' });
    own.add({ kind: 'url', value: 'cloud.example/share/b', threat: 'phishing', source: 'openphish' });
    own.withdraw('url', 'cloud.example/share/a', 'riskscan');
    own.withdraw('url', 'cloud.example/share/b', 'riskscan');
    expect(own.match(query('https://cloud.example/share/a'))).toEqual([]);
    expect(own.match(query('https://cloud.example/share/b'))[0]!.sources).toEqual(['openphish']);
    expect(own.urlsOnHost('cloud.example').map((hit) => hit.value)).toEqual(['cloud.example/share/b']);
  });

  it('merges sources of one indicator and keeps the gravest threat', () => {
    const [hit] = index.match(query('https://evil.example/'));
    expect(hit?.sources).toEqual(['list', 'urlhaus']);
    expect(hit?.threat).toBe('malware');
    expect(index.size).toBe(3);
  });

  it('answers from an excerpt (as a worker thread gets one, cloned) what it answers for the keys asked, and nothing else', () => {
    const asked = [query('https://shared.example/bad/page.php'), query('https://a.b.evil.example/'), query('https://shared.example/')];
    const keys = {
      urlKeys: asked.map((one) => one.urlKey),
      hosts: asked.map((one) => one.parts.host),
      domains: asked.flatMap((one) => one.parts.domain ?? []),
      onHost: ['shared.example'],
    };
    const excerpt = new ReputationIndex();
    excerpt.add({ kind: 'host', value: 'left.over.example', threat: 'scam', source: 'old' });
    excerpt.loadExcerpt(structuredClone(index.excerpt(keys)));
    for (const one of asked) expect(excerpt.match(one)).toEqual(index.match(one));
    expect(excerpt.urlsOnHost('shared.example')).toEqual(index.urlsOnHost('shared.example'));
    expect(excerpt.match(query('https://login.hacked.example/x'))).toEqual([]);
    expect(excerpt.match(query('https://left.over.example/'))).toEqual([]);
  });

  it('finds through its name filter exactly what its maps hold, as the index grows past several filters', () => {
    const grown = new ReputationIndex();
    const listed: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const kind = (['url', 'host', 'domain'] as const)[i % 3]!;
      const value = kind === 'url' ? `h${i}.example/p/${i}` : kind === 'host' ? `login.h${i}.example` : `d${i}.test`;
      grown.add({ kind, value, threat: 'phishing', source: 'feed' });
      listed.push(kind === 'url' ? `https://${value}` : kind === 'host' ? `https://${value}/x` : `https://a.${value}/`);
    }
    for (const raw of listed) expect(grown.match(query(raw)), raw).toHaveLength(1);
    const unlisted = Array.from({ length: 20_000 }, (_, i) => `https://www.u${i}.example/p/${i}`);
    expect(unlisted.filter((raw) => grown.match(query(raw)).length > 0)).toEqual([]);
  });

  it('reads the host of a URL key before its port, path or query, an IPv6 address with its brackets', () => {
    expect(hostOfUrlKey('shared.example:8443/a?b')).toBe('shared.example');
    expect(hostOfUrlKey('shared.example?q')).toBe('shared.example');
    expect(hostOfUrlKey('[2001:db8::1]:8080/x')).toBe('[2001:db8::1]');
    const own = new ReputationIndex();
    own.add({ kind: 'url', value: '[2001:db8::1]:8080/x', threat: 'malware', source: 'urlhaus' });
    expect(own.match(query('http://[2001:db8::1]:8080/x')).map((hit) => hit.kind)).toEqual(['url']);
    expect(own.urlsOnHost('[2001:db8::1]')).toHaveLength(1);
  });
});
