import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitized-html.tsx';

describe('sanitizeHtml', () => {
  it('drops scripts, event handlers, javascript: links and frames but keeps the text and markup', () => {
    const dirty =
      '<h2 onclick="steal()">Phishing</h2><script>alert(1)</script><p>Look <a href="javascript:alert(1)">here</a> <img src="x" onerror="steal()"></p><iframe src="https://evil.test"></iframe>';
    const clean = sanitizeHtml(dirty);
    expect(clean).toContain('<h2>Phishing</h2>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe/);
    expect(clean).toContain('<img src="x">');
  });

  it('turns a rendered title into its text', () => {
    expect(htmlToText('Don&#8217;t click <em>that</em>')).toBe('Don’t click that');
  });
});
