import { describe, expect, it } from 'vitest';
import { defaultUserAgent, deviceProfileFor, findUserAgent, userAgentGroups, userAgentName } from './user-agent-catalogue.ts';

describe('user agent catalogue', () => {
  it('groups real agents by device, crawlers under Bot, with unique codes', () => {
    const groups = userAgentGroups();
    expect(groups.map((group) => group.device)).toEqual(['Desktop', 'Mobile', 'Tablet', 'Bot']);
    const codes = groups.flatMap((group) => group.items.map((item) => item.code));
    expect(new Set(codes).size).toBe(codes.length);
    for (const group of groups.slice(0, 3)) {
      expect(group.items.length).toBeGreaterThan(0);
      for (const item of group.items) {
        expect(item.code.startsWith(`${group.device.toLowerCase()}-`)).toBe(true);
        expect(item.value).toMatch(/^Mozilla\/5\.0 \(/);
      }
    }
    expect(groups[3]!.items.find((item) => item.code === 'bot-googlebot')?.value).toContain('Googlebot/2.1');
  });

  it('gives desktops 1366x768 and phones and tablets their own screens', () => {
    const desktop = findUserAgent('desktop-chrome-windows')!;
    expect(desktop).toMatchObject({ device: 'Desktop', viewport: { width: 1366, height: 768 }, isMobile: false });
    expect(desktop.value).toContain('Windows NT');
    const phone = findUserAgent('mobile-safari-ios')!;
    expect(phone.isMobile).toBe(true);
    expect(phone.viewport.width).toBeLessThan(500);
    expect(deviceProfileFor(phone.value)).toMatchObject({ device: 'Mobile', viewport: phone.viewport });
  });

  it('guesses the device of agents it does not list and never defaults to a headless browser', () => {
    expect(deviceProfileFor('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Custom').device).toBe('Tablet');
    expect(deviceProfileFor('Mozilla/5.0 (Linux; Android 14) Custom Mobile Safari').device).toBe('Mobile');
    expect(deviceProfileFor('curl/8.0').viewport).toEqual({ width: 1366, height: 768 });
    expect(defaultUserAgent().value).not.toMatch(/Headless/);
    expect(findUserAgent('nope')).toBeNull();
  });

  it('names every agent as people read it: browser, version, system and device; crawlers by name and version', () => {
    expect(
      userAgentName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Desktop',
      ),
    ).toBe('Chrome 131 on Windows (Desktop)');
    expect(
      userAgentName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Mobile',
      ),
    ).toBe('Safari 17.5 on iOS (Mobile)');
    expect(userAgentName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0.2903.86', 'Desktop')).toBe(
      'Edge 131 on Windows (Desktop)',
    );
    expect(userAgentName('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Bot')).toBe('Googlebot 2.1');
    expect(userAgentName('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Bot')).toBe(
      'facebookexternalhit 1.1',
    );
    const groups = userAgentGroups();
    expect(groups.flatMap((group) => group.items).every((item) => item.name.length > 0 && !item.name.includes('Mozilla'))).toBe(true);
  });
});
