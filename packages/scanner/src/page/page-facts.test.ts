import { describe, expect, it } from 'vitest';
import { decodeBody } from './charset.ts';
import { PAGE_LIMITS, parsePage } from './page-facts.ts';
import { scriptCorpus } from './revealed-code.ts';
import { findScriptRedirect } from './script-redirect.ts';

describe('parsePage prose and canonical', () => {
  it('keeps quoted and code text out of the prose and reads the canonical link', () => {
    const facts = parsePage(
      '<head><link rel="canonical" href="/original"></head><body><p>Said</p><blockquote>quoted</blockquote><pre><code>cmd</code></pre><p>after</p></body>',
      'https://site.example/page',
    );
    expect(facts.prose).toBe('Said after');
    expect(facts.text).toBe('Said quoted cmd after');
    expect(facts.canonical).toBe('https://site.example/original');
  });
});

describe('parsePage', () => {
  const facts = parsePage(
    `<!doctype html><html><head><title> Sign
      in </title><base href="https://cdn.example.net/app/"><meta http-equiv="refresh" content="5;url=next.html">
      <meta property="og:site_name" content="Example"><link rel="stylesheet" href="s.css"></head>
      <body oncontextmenu="return false"><form action="post.php" method="POST"><input type="password" name="pw"></form>
      <input name="loose"><iframe src="https://x.example/f" width="1" height="1"></iframe>
      <script>var a = 1;</script><script src="lib.js"></script><style>.x{}</style>
      <a href="/doc.pdf" download>Doc</a><img src="logo.png" alt="Logo"> Visible   text</body></html>`,
    'https://site.example/page',
  );

  it('reads title, meta, refresh and base-relative URLs', () => {
    expect(facts.title).toBe('Sign in');
    expect(facts.meta['og:site_name']).toBe('Example');
    expect(facts.metaRefresh).toEqual({ delaySeconds: 5, url: 'https://cdn.example.net/app/next.html' });
    expect(facts.forms[0]).toMatchObject({
      action: 'https://cdn.example.net/app/post.php',
      method: 'post',
      inputs: [{ type: 'password', name: 'pw' }],
    });
    expect(facts.looseInputs.map((input) => input.name)).toEqual(['loose']);
  });

  it('reads frames, scripts, resources, anchors, images, handlers and visible text', () => {
    expect(facts.frames).toEqual([{ src: 'https://x.example/f', hidden: true }]);
    expect(facts.scripts.map((script) => script.inline.trim() || script.src)).toEqual(['var a = 1;', 'https://cdn.example.net/app/lib.js']);
    expect(facts.resources.map((resource) => resource.kind)).toEqual(['stylesheet', 'frame', 'script', 'image']);
    expect(facts.anchors).toEqual([{ href: 'https://cdn.example.net/doc.pdf', text: 'Doc', download: true }]);
    expect(facts.handlers).toEqual([{ event: 'oncontextmenu', code: 'return false' }]);
    expect(facts.text).toContain('Visible text');
    expect(facts.text).not.toContain('var a');
  });
});

describe('scriptCorpus', () => {
  it('reads char codes kept in arrays only in code that turns char codes into text', () => {
    const codes = [...'eth_signTypedData_v4'].map((char) => char.charCodeAt(0)).join(',');
    const helper = `var F=function(a){return String.fromCharCode.apply(null,a)},ST=F([${codes}]);`;
    expect(scriptCorpus(parsePage(`<script>${helper}</script>`, 'https://a.example/')).revealed).toContain('eth_signTypedData_v4');
    expect(scriptCorpus(parsePage(`<script>var sizes=[${codes}];</script>`, 'https://a.example/')).revealed).toEqual([]);
  });

  it('peels nested encodings off inline code', () => {
    const inner = Buffer.from("location.href='https://hidden.example.net/'").toString('base64');
    const outer = Buffer.from(`eval(atob("${inner}"))`).toString('base64');
    const corpus = scriptCorpus(parsePage(`<script>eval(atob("${outer}"))</script>`, 'https://a.example/'));
    expect(corpus.all).toContain('hidden.example.net');
    const chars = [...'document.write("<b>x</b>")'].map((char) => char.charCodeAt(0)).join(',');
    expect(scriptCorpus(parsePage(`<script>eval(String.fromCharCode(${chars}))</script>`, 'https://a.example/')).revealed).toContain(
      'document.write("<b>x</b>")',
    );
    expect(
      scriptCorpus(parsePage("<script>eval(unescape('%61%6c%65%72%74%28%27%68%69%27%29%3b%2f%2f'))</script>", 'https://a.example/'))
        .revealed[0],
    ).toContain("alert('hi')");
  });

  it('joins string literals put together from pieces, and leaves pieces mixed with variables alone', () => {
    const corpus = (code: string) => scriptCorpus(parsePage(`<script>${code}</script>`, 'https://a.example/')).revealed;
    expect(corpus(`open(['https://', 'micro', 'soft.com', '/devicelogin'].join(''))`)).toContain('https://microsoft.com/devicelogin');
    expect(corpus(`u = "https://" + "login." + "example.net/x"`)).toContain('https://login.example.net/x');
    expect(corpus(`u = "https://" + host + "/login" + "?next=1"`)).toEqual([]);
  });
});

describe('findScriptRedirect', () => {
  it.each([
    ["window.location = 'https://t.example/a'", 'https://t.example/a'],
    ['location.href="/next"', 'https://a.example/next'],
    ["top.location.replace('https://t.example/b')", 'https://t.example/b'],
    ["document.location.assign('https://t.example/c')", 'https://t.example/c'],
  ])('%s', (code, target) => expect(findScriptRedirect([{ src: null, inline: code }], 'https://a.example/')).toBe(target));

  it('ignores computed targets', () => {
    expect(findScriptRedirect([{ src: null, inline: 'location.href = base + path' }], 'https://a.example/')).toBeNull();
    // A literal that is only the start of the target is no target: the browser computes the rest.
    expect(findScriptRedirect([{ src: null, inline: "window.location.assign('/' + parts.join(''))" }], 'https://a.example/')).toBeNull();
    expect(findScriptRedirect([{ src: null, inline: "location.href = 'https://t.example/' + id;" }], 'https://a.example/')).toBeNull();
  });
});

describe('decodeBody', () => {
  it('prefers the BOM, then the header, then the meta tag, then UTF-8', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>Gr\xfc\xdfe</p>', 'latin1');
    expect(decodeBody(latin1, 'text/html').text).toContain('Grüße');
    expect(decodeBody(Buffer.from('<p>é</p>'), 'text/html; charset=utf-8').text).toBe('<p>é</p>');
    expect(decodeBody(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), 'text/html; charset=iso-8859-1').charset).toBe('utf-8');
    expect(decodeBody(Buffer.from('x'), 'text/html; charset=no-such-charset').charset).toBe('utf-8');
  });
});

describe('parsePage on a hostile page (issue 40)', () => {
  it('keeps the first links of a page of 100,000 and says it was truncated', () => {
    const links = Array.from({ length: 100_000 }, (_, index) => `<a href="/l${index}">${index}</a>`).join('');
    const facts = parsePage(`<body><p>Start</p>${links}</body>`, 'https://site.example/');
    expect(facts.anchors).toHaveLength(PAGE_LIMITS.anchors);
    expect(facts.anchors[0]).toEqual({ href: 'https://site.example/l0', text: '0', download: false });
    expect(facts.truncated).toBe(true);
  });

  it('stops reading past its element limit: 100,000 nested elements, then a form never reached', () => {
    const depth = 100_000;
    const html = `<body><h1>Top</h1>${'<div>'.repeat(depth)}<form action="/steal"><input type="password"></form>${'</div>'.repeat(depth)}</body>`;
    const facts = parsePage(html, 'https://site.example/');
    expect(facts.headings).toEqual(['Top']);
    expect(facts.forms).toEqual([]);
    expect(facts.truncated).toBe(true);
  });

  it('leaves an ordinary page whole', () => {
    expect(parsePage('<body><a href="/a">A</a><img src="i.png"></body>', 'https://site.example/').truncated).toBe(false);
  });
});

describe('parsePage pictures and scripted fields (issue 36)', () => {
  it('reads the words an inline SVG draws, keeping its tooltip out of the title and the prose', () => {
    const facts = parsePage(
      '<head><title>Checkout</title></head><body><svg><title>Mastercard</title><circle r="9"/></svg><svg aria-label="mark"><g><text>Caixa<tspan>Bank</tspan></text></g></svg><p>Pay</p></body>',
      'https://site.example/',
    );
    expect(facts.title).toBe('Checkout');
    expect(facts.images).toEqual([
      { src: null, alt: '', drawn: ['Mastercard'] },
      { src: null, alt: 'mark', drawn: ['CaixaBank'] },
    ]);
    expect(facts.prose).not.toMatch(/Mastercard/);
  });

  it('reads the fields an inline script writes in as markup, apart from the fields the page shows', () => {
    const facts = parsePage(
      `<body><div class="bank">Nordea</div><script>
        var L = { p: 'Salasana' };
        el.innerHTML = '<form><input name="user" placeholder="Käyttäjätunnus"><input name="pass" type="password" placeholder="' + L.p + '"></form>';
      </script></body>`,
      'https://site.example/',
    );
    expect(facts.looseInputs).toEqual([]);
    expect(facts.forms).toEqual([]);
    expect(facts.scriptedInputs.map((input) => [input.name, input.type])).toEqual([
      ['user', 'text'],
      ['pass', 'password'],
    ]);
  });

  it('reads the fields of markup a script keeps encoded and writes in after a gate', () => {
    const form = Buffer.from('<form><label>Benutzername <input name="user"></label><input name="pass" type="password"></form>').toString(
      'base64',
    );
    const facts = parsePage(
      `<body><label><input type="checkbox" id="cb"> Ich bin ein Mensch</label><script>
        var P = "${form}";
        cb.onchange = function () { root.innerHTML = atob(P); };
      </script></body>`,
      'https://site.example/',
    );
    expect(facts.looseInputs.map((input) => input.type)).toEqual(['checkbox']);
    expect(facts.scriptedInputs.map((input) => [input.name, input.type])).toEqual([
      ['user', 'text'],
      ['pass', 'password'],
    ]);
  });
});

describe('parsePage logo texts', () => {
  const logoTexts = (html: string) => parsePage(html, 'https://a.example/').logoTexts;

  it('reads the words written in the element a page calls its logo', () => {
    expect(
      logoTexts('<div class="logo-container"><svg><path d="M0"/></svg><div class="dt-name">Deutsche Telekom</div></div><h1>Eintragen</h1>'),
    ).toEqual(['Deutsche Telekom']);
    expect(
      logoTexts('<a href="/"><img class="logo" src="l.png"></a><div id="site-logo"><span>Acme</span> <span>Shop</span></div>'),
    ).toEqual(['Acme Shop']);
  });

  it('reads no partners strip, no other word beginning with logo, and no header too long for a wordmark', () => {
    expect(logoTexts('<div class="partner-logos">Visa Mastercard</div><div class="logotype">X</div>')).toEqual([]);
    expect(logoTexts(`<div class="logo">${'Welcome to our shop, the best in town since 1890. '.repeat(2)}</div>`)).toEqual([]);
  });
});
