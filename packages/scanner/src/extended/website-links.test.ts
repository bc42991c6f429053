import { describe, expect, it } from 'vitest';
import { buildCheckContext } from '../checks/check-context.ts';
import { collectedFor, HARNESS_NOW, type PageSetup } from '../testing/check-harness.ts';
import { contactedDomains, websiteLinks } from './website-links.ts';

const HTML = `<html><head><base href="https://news.example.org/section/">
<script src="https://cdn.example.net/app.js"></script><link rel="stylesheet" href="/site.css"></head>
<body><a href="story-1">One</a><a href="story-1#comments">One again</a><a href="/about">About</a>
<a href="mailto:editor@example.org">Mail</a><a href="javascript:void(0)">Menu</a>
<a href="https://partner.example.com/?ref=news">Partner</a><a href="//static.example.org/press.pdf">Press</a></body></html>`;

function facts(setup: PageSetup) {
  const collected = collectedFor(setup);
  return { collected, page: buildCheckContext(collected, HARNESS_NOW).page };
}

describe('websiteLinks', () => {
  it('lists every web link absolute, once, in page order, without fragments or other schemes', () => {
    const { page } = facts({ url: 'https://news.example.org/', html: HTML });
    expect(websiteLinks(page)).toEqual([
      'https://news.example.org/section/story-1',
      'https://news.example.org/about',
      'https://partner.example.com/?ref=news',
      'https://static.example.org/press.pdf',
    ]);
  });

  it('reads the rendered page when the browser ran and is empty without a page', () => {
    const rendered = {
      finalUrl: 'https://news.example.org/',
      html: '<a href="/live">Live</a>',
      requests: [],
      screenshot: null,
      downloads: [],
    };
    expect(websiteLinks(facts({ url: 'https://news.example.org/', html: HTML, rendered }).page)).toEqual(['https://news.example.org/live']);
    expect(websiteLinks(null)).toEqual([]);
  });
});

describe('contactedDomains', () => {
  it('lists the hosts of the static page’s resources', () => {
    const { collected, page } = facts({ url: 'https://news.example.org/', html: HTML });
    expect(contactedDomains(collected, page)).toEqual(['cdn.example.net', 'news.example.org']);
  });

  it('lists the hosts the browser contacted, blocked requests included', () => {
    const request = (url: string, blocked = false) => ({
      url,
      method: 'GET',
      resourceType: 'script',
      status: blocked ? null : 200,
      blocked,
    });
    const rendered = {
      finalUrl: 'https://news.example.org/',
      html: '<p>hi</p>',
      requests: [
        request('https://news.example.org/'),
        request('https://tracker.example.com/p.js'),
        request('http://10.0.0.1/x', true),
        request('data:,x'),
      ],
      screenshot: null,
      downloads: [],
    };
    const { collected, page } = facts({ url: 'https://news.example.org/', html: HTML, rendered });
    expect(contactedDomains(collected, page)).toEqual(['10.0.0.1', 'news.example.org', 'tracker.example.com']);
  });
});
