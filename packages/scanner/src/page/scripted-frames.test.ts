import { describe, expect, it } from 'vitest';
import { parsePage } from './page-facts.ts';
import { framesOpenedByScript } from './scripted-frames.ts';

const page = (body: string) => parsePage(`<body>${body}</body>`, 'https://kit.example/signup/index.html');
const script = (code: string) => `<button id="b">Sign in</button><script>${code}</script>`;

describe('framesOpenedByScript', () => {
  it('reads the frame a click handler creates and gives a literal address, and the one it writes as markup', () => {
    expect(
      framesOpenedByScript(
        page(script("b.onclick = () => { const f = document.createElement('iframe'); f.src = '/okno#x'; w.append(f); };")),
      ),
    ).toEqual(['https://kit.example/okno']);
    expect(framesOpenedByScript(page(script(`f = document.createElement("iframe"); f.setAttribute("src", "step1.php");`)))).toEqual([
      'https://kit.example/signup/step1.php',
    ]);
    expect(
      framesOpenedByScript(
        page(script(`w.innerHTML = '<div class="bar">https://accounts.google.com</div><iframe src="https://other.example/login">';`)),
      ),
    ).toEqual(['https://other.example/login']);
  });

  it('reads no address a string concatenation builds, no image or script the same code loads, and no frame the page already holds', () => {
    expect(framesOpenedByScript(page(script(`w.innerHTML = '<iframe src="' + next + '">';`)))).toEqual([]);
    expect(
      framesOpenedByScript(
        page(script(`const f = document.createElement('iframe'); img.src = '/logo.png'; s.src = '/app.js'; f.src = src;`)),
      ),
    ).toEqual([]);
    expect(framesOpenedByScript(page(`<iframe src="/okno"></iframe>${script('w.innerHTML = \'<iframe src="/okno">\';')}`))).toEqual([]);
  });

  it('reads the own-host address a script gives the empty frame the page holds, and no other site\u2019s', () => {
    const empty = '<div id="w" hidden><iframe id="f"></iframe></div>';
    expect(
      framesOpenedByScript(page(`${empty}${script("b.onclick = () => { $('#f').attr('src', '/prihlaseni'); w.hidden = false; };")}`)),
    ).toEqual(['https://kit.example/prihlaseni']);
    expect(framesOpenedByScript(page(`${empty}${script("s.src = 'https://www.googletagmanager.com/gtag/js?id=G-1';")}`))).toEqual([]);
  });

  it('reads a literal address only when the script builds a frame, and at most two', () => {
    expect(framesOpenedByScript(page(script("img.src = '/banner';")))).toEqual([]);
    const many = ['/a', '/b', '/c'].map((src) => `<iframe src="${src}">`).join('');
    expect(framesOpenedByScript(page(script(`w.innerHTML = '${many}';`)))).toEqual(['https://kit.example/a', 'https://kit.example/b']);
  });
});
