import { describe, expect, it } from 'vitest';
import { parsePage } from '../page/page-facts.ts';
import { scriptCorpus } from '../page/revealed-code.ts';
import { urlFacts } from '../url/url-facts.ts';
import { appConsentFinding, browserInBrowserFinding, deviceCodeFinding } from './lure-kinds.ts';

const page = (url: string, body: string) => parsePage(`<html><head><title>t</title></head><body>${body}</body></html>`, url);
const appConsent = (url: string, body: string) => {
  const parsed = page(url, body);
  return appConsentFinding(parsed, scriptCorpus(parsed), urlFacts(url));
};
const deviceCode = (url: string, body: string) => {
  const parsed = page(url, body);
  return deviceCodeFinding(parsed, scriptCorpus(parsed), urlFacts(url));
};

describe('lures that need no password field of their own', () => {
  it('finds a device code whose sign-in page only a script opens and which a script copies, in any language', () => {
    const kit = `<h2>הקלטת פגישה</h2><div id="c">····</div><button id="go">אימות</button>
      <script>go.onclick=function(){navigator.clipboard.writeText(c.textContent);window.open('https://microsoft.com/devicelogin')}</script>`;
    expect(deviceCode('https://shared-meeting.example/v/1', kit)?.risk_score).toBe(85);
    // The same page without the copy: a link to the real sign-in page alone hands nothing out.
    const plain = `<h2>הקלטת פגישה</h2><script>go.onclick=function(){window.open('https://microsoft.com/devicelogin')}</script>`;
    expect(deviceCode('https://shared-meeting.example/v/1', plain)).toBeUndefined();
  });

  it('leaves a help page on its own site that explains device sign-in in its prose, not one that links or copies the code (decision 609)', () => {
    const help = (extra: string) => {
      const url = 'https://it.zs-gorzyce.edu.pl/pomoc/logowanie-kodem';
      const parsed = parsePage(
        `<html><head><title>Logowanie kodem urządzenia - Pomoc IT ZS Gorzyce</title></head><body><h1>Logowanie do Teams kodem urządzenia</h1>
        <p>Telewizor pokaże kod, np. F7KD-2QXM. Na telefonie otwórz microsoft.com/devicelogin i wpisz kod z ekranu.</p>${extra}
        <footer>Zespół Szkół w Gorzycach · ul. Sandomierska 75, 39-432 Gorzyce · REGON 830361290</footer></body></html>`,
        url,
      );
      return deviceCodeFinding(parsed, scriptCorpus(parsed), urlFacts(url));
    };
    expect(help('')).toBeUndefined();
    expect(help('<a href="https://microsoft.com/devicelogin">Otwórz</a>')?.risk_score).toBe(85);
    expect(help('<script>navigator.clipboard.writeText("F7KD-2QXM")</script>')?.risk_score).toBe(85);
    // The same prose on a stranger's site, even one titled with its host's words, gives no registration: a lure.
    const url = 'https://reunion-compartida-acceso.com/join';
    const stranger = parsePage(
      `<html><head><title>Reunión compartida – acceso</title></head><body><p>Introduce este código en microsoft.com/devicelogin: <b>TN3W-7YRA</b></p></body></html>`,
      url,
    );
    expect(deviceCodeFinding(stranger, scriptCorpus(stranger), urlFacts(url))?.risk_score).toBe(85);
  });

  it('finds a device-code sign-in address put together from pieces, with the wording in Polish, Turkish or Japanese', () => {
    const opens = `<script>go.onclick=function(){window.open(["https://","microsoft",".com","/device","login"].join(""))}</script>`;
    for (const words of [
      'Wpisz ten kod na stronie logowania Microsoft',
      'Bu kodu Microsoft giriş sayfasına girin',
      'このコードをMicrosoftのページで入力してください',
    ])
      expect(deviceCode('https://shared-meeting.example/v/1', `<p>${words}</p>${opens}`)?.risk_score).toBe(70);
    const added = `<p>Wpisz ten kod na stronie logowania</p><script>var u = 'https://' + 'microsoft.com' + '/devicelogin';</script>`;
    expect(deviceCode('https://shared-meeting.example/v/1', added)?.risk_score).toBe(70);
    expect(deviceCode('https://shared-meeting.example/v/1', `<p>Dołącz do spotkania</p>${opens}`)).toBeUndefined();
  });

  it('reads a fake address bar whose scheme is an element of its own', () => {
    const url = 'https://esports-vote.example/vote/';
    const bar =
      '<div class="url"><span class="g">https://</span>www.facebook.com/login.php?display=popup</div><iframe src="about:blank"></iframe>';
    expect(browserInBrowserFinding(page(url, bar), urlFacts(url))?.message).toMatch(/www\.facebook\.com in a fake address bar/);
    expect(browserInBrowserFinding(page(url, '<p>Log in at www.facebook.com/login to vote.</p>'), urlFacts(url))).toBeUndefined();
  });
});

describe('app-consent lures', () => {
  const AUTHORIZE =
    'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=5e3ce6c0-2b1f-4285-8d4b-75ee78787346&amp;response_type=code&amp;redirect_uri=https%3A%2F%2Fdoc-relay-4.example%2Fcb&amp;scope=offline_access%20Mail.Read%20Files.Read.All&amp;prompt=consent';

  it('finds a consent link for mail and files, more plainly behind a shared-document pretext', () => {
    const bare = appConsent(
      'https://doc-relay-4.example/s/9',
      `<p>Continue with your work account.</p><a href="${AUTHORIZE}">Continue</a>`,
    );
    expect(bare?.risk_score).toBe(70);
    const shared = appConsent(
      'https://doc-relay-4.example/s/9',
      `<h1>Dokument freigegeben</h1><p>Um das Dokument anzuzeigen, bestätigen Sie den Zugriff.</p><a href="${AUTHORIZE}">Weiter</a>`,
    );
    expect(shared?.risk_score).toBe(85);
  });

  it('finds the consent address a button opens by script', () => {
    const kit = `<h1>Document partagé</h1><p>Pour consulter le document, autorisez l'accès.</p><button id="go">Ouvrir</button>
      <script>go.onclick=function(){location.href='${AUTHORIZE.replaceAll('&amp;', '&')}'}</script>`;
    expect(appConsent('https://doc-relay-4.example/s/9', kit)?.risk_score).toBe(85);
  });

  it('leaves a sign-in link with basic scopes, and an app\u2019s own page naming itself, alone', () => {
    const basic = AUTHORIZE.replace('offline_access%20Mail.Read%20Files.Read.All', 'openid%20profile%20email');
    expect(appConsent('https://doc-relay-4.example/s/9', `<a href="${basic}">Sign in with Microsoft</a>`)).toBeUndefined();
    const own = `<title>Inbox sync · Lockwell</title><h1>Connect your mailbox to Lockwell</h1><a href="${AUTHORIZE}">Connect Outlook</a><footer>Lockwell Software Ltd · 14 Forth Street, Edinburgh</footer>`;
    expect(appConsent('https://app.lockwell-crm.com/settings/mail', own)).toBeUndefined();
  });
});
