import { describe, expect, it } from 'vitest';
import { withPageMeta } from './spa-meta.ts';

const INDEX = '<html><head><title>riskscan</title>\n<meta name="description" content="Default" />\n</head><body></body></html>';

describe('withPageMeta', () => {
  it('replaces the title and description and adds Open Graph tags, every value escaped', () => {
    const html = withPageMeta(INDEX, { title: 'A "<b>" & co', description: "it's <i>", url: 'https://x.test/scan/1', image: null });
    expect(html).toContain('<title>A &quot;&lt;b&gt;&quot; &amp; co</title>');
    expect(html).toContain('<meta name="description" content="it&#39;s &lt;i&gt;" />');
    expect(html).toContain('<meta property="og:title" content="A &quot;&lt;b&gt;&quot; &amp; co" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('Default');
  });

  it('names the picture when there is one', () => {
    const html = withPageMeta(INDEX, { title: 't', description: 'd', url: 'u', image: 'https://x.test/screenshots/a.webp' });
    expect(html).toContain('<meta property="og:image" content="https://x.test/screenshots/a.webp" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("keeps a scanned URL's `$` sequences as they are (no replacement patterns)", () => {
    const url = "https://x.test/a$`b$&c$'d$$e$1";
    const html = withPageMeta(INDEX, { title: `Scan of ${url}`, description: url, url, image: null });
    expect(html).toContain('<title>Scan of https://x.test/a$`b$&amp;c$&#39;d$$e$1</title>');
    expect(html).toContain('<meta name="description" content="https://x.test/a$`b$&amp;c$&#39;d$$e$1" />');
    expect(html).toContain('<meta property="og:url" content="https://x.test/a$`b$&amp;c$&#39;d$$e$1" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
