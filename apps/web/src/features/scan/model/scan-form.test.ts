import {
  MAIL_ADDRESS_MESSAGE,
  NOT_A_WEB_ADDRESS_MESSAGE,
  type ScanProfile,
  URL_TOO_LONG_MESSAGE,
  viewersParamSchema,
} from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyProfile,
  buildCheckUrlQuery,
  EMPTY_FORM,
  normaliseScanUrl,
  toggleAllChecks,
  withOwnProfile,
  withScanProfile,
} from './scan-form.ts';

describe('normaliseScanUrl (SPEC §5)', () => {
  it('refuses an empty URL with the spec message', () => {
    expect(normaliseScanUrl('   ')).toEqual({ ok: false, message: 'Oops, please enter the URL.' });
  });

  it('prepends https:// when the scheme is missing and keeps http:// and https://', () => {
    expect(normaliseScanUrl('example.com/path')).toEqual({ ok: true, url: 'https://example.com/path', schemeAdded: true });
    expect(normaliseScanUrl('http://example.com')).toEqual({ ok: true, url: 'http://example.com', schemeAdded: false });
    expect(normaliseScanUrl('HTTPS://Example.com')).toEqual({ ok: true, url: 'HTTPS://Example.com', schemeAdded: false });
  });

  it.each(['not a url', 'localhost', 'https://', 'exa mple.com'])('calls %s not a valid URL', (input) => {
    expect(normaliseScanUrl(input)).toEqual({ ok: false, message: 'Please enter a valid URL.' });
  });

  it('refuses what the server would refuse, in the same words: other schemes, mail addresses, over-long addresses', () => {
    expect(normaliseScanUrl('ftp://example.com')).toEqual({ ok: false, message: NOT_A_WEB_ADDRESS_MESSAGE });
    expect(normaliseScanUrl('mailto:billing@example.com')).toEqual({ ok: false, message: MAIL_ADDRESS_MESSAGE });
    expect(normaliseScanUrl(`example.com/${'a'.repeat(5000)}`)).toEqual({ ok: false, message: URL_TOO_LONG_MESSAGE });
  });
});

describe('scan options (SPEC §4)', () => {
  it('All Check ticks all four extended checks on, then all off', () => {
    const on = toggleAllChecks({ ...EMPTY_FORM, dns_checks: true });
    expect([on.webtech_check, on.dns_checks, on.ip_checks, on.page_checks]).toEqual([true, true, true, true]);
    const off = toggleAllChecks(on);
    expect([off.webtech_check, off.dns_checks, off.ip_checks, off.page_checks]).toEqual([false, false, false, false]);
  });

  it('a scan profile sets the four flags from its additional checks and is remembered in the form', () => {
    const profile: ScanProfile = {
      uid: 'p1',
      name: 'Deep',
      is_default: false,
      count_zero_values: true,
      checks: [],
      additional_checks: [
        { code: 'webtech_check', is_active: true },
        { code: 'ip_checks', is_active: false },
        { code: 'dns_checks', is_active: true },
      ],
    };
    const form = applyProfile({ ...EMPTY_FORM, ip_checks: true, page_checks: true }, profile);
    expect(form).toMatchObject({ scan_profile: 'p1', webtech_check: true, ip_checks: false, dns_checks: true, page_checks: false });
  });

  it('keeps a remembered profile only when it is one of the member’s own', () => {
    const form = { ...EMPTY_FORM, url: 'https://a.example', scan_profile: 'p1' };
    expect(withOwnProfile(form, [{ uid: 'default' }, { uid: 'p1' }])).toEqual(form);
    const dropped = withOwnProfile(form, [{ uid: 'default' }]);
    expect(dropped).toEqual({ ...EMPTY_FORM, url: 'https://a.example' });
    expect('scan_profile' in dropped).toBe(false);
    expect(withOwnProfile(EMPTY_FORM, [])).toEqual(EMPTY_FORM);
  });

  it('sets the toggles from the profile a scan will use: the remembered own one, else the default (issue 37)', () => {
    const profile = (uid: string, isDefault: boolean, active: string[]): ScanProfile => ({
      uid,
      name: uid,
      is_default: isDefault,
      count_zero_values: false,
      checks: [],
      additional_checks: ['webtech_check', 'dns_checks', 'ip_checks', 'page_checks'].map((code) => ({
        code: code as 'dns_checks',
        is_active: active.includes(code),
      })),
    });
    const profiles = [
      profile('default', true, ['dns_checks', 'ip_checks', 'page_checks', 'webtech_check']),
      profile('quick', false, ['webtech_check']),
    ];
    expect(withScanProfile(EMPTY_FORM, profiles)).toMatchObject({ scan_profile: 'default', dns_checks: true, page_checks: true });
    expect(withScanProfile({ ...EMPTY_FORM, scan_profile: 'quick' }, profiles)).toMatchObject({
      scan_profile: 'quick',
      webtech_check: true,
      dns_checks: false,
    });
    // Another member's remembered profile is dropped: the default decides.
    expect(withScanProfile({ ...EMPTY_FORM, scan_profile: 'theirs' }, profiles)).toMatchObject({
      scan_profile: 'default',
      ip_checks: true,
    });
    expect(withScanProfile(EMPTY_FORM, [])).toEqual(EMPTY_FORM);
  });
});

describe('buildCheckUrlQuery', () => {
  it('sends every flag, the options that are set and the anonymous id only when given', () => {
    const query = buildCheckUrlQuery({ ...EMPTY_FORM, url: 'https://a.example', ip_checks: true, proxy: 'ch', new: true }, 'anon-1');
    expect(query).toEqual({
      url: 'https://a.example',
      private: 'false',
      new: 'true',
      fastCheck: 'false',
      webtech_check: 'false',
      dns_checks: 'false',
      ip_checks: 'true',
      page_checks: 'false',
      proxy: 'ch',
      freescan_uid: 'anon-1',
    });
    expect(buildCheckUrlQuery({ ...EMPTY_FORM, url: 'https://a.example' })).not.toHaveProperty('freescan_uid');
  });

  it('says when the form put https:// in front, so the scan may fall back to http', () => {
    expect(buildCheckUrlQuery({ ...EMPTY_FORM, url: 'https://a.example', schemeAdded: true }).scheme_added).toBe('true');
    expect(buildCheckUrlQuery({ ...EMPTY_FORM, url: 'https://a.example', schemeAdded: false })).not.toHaveProperty('scheme_added');
  });

  it('asks for the other viewer chosen, in the form the server reads back', () => {
    const query = buildCheckUrlQuery({ ...EMPTY_FORM, url: 'https://a.example', viewers: 'phone:DE' });
    expect(query.viewers).toBe('phone:DE');
    expect(viewersParamSchema.parse(query.viewers)).toEqual([{ device: 'phone', country: 'DE' }]);
    expect(buildCheckUrlQuery({ ...EMPTY_FORM, url: 'https://a.example' })).not.toHaveProperty('viewers');
  });
});
