import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../scan.ts';
import { startFixtureWorld, type FixtureWorld } from '../testing/fixture-world.ts';
import { defaultUserAgent, deviceUserAgent } from '../user-agents/user-agent-catalogue.ts';
import type { ViewerSetting } from '../scan-options.ts';

let world: FixtureWorld;
const phone: ViewerSetting = {
  device: 'phone',
  country: null,
  userAgent: deviceUserAgent('phone').value,
  upstreamProxyUrl: null,
};

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

const cloakingDetail = (result: Awaited<ReturnType<typeof scan>>, name: string) =>
  result.checks.find((category) => category.category === 'Cloaking')?.details.find((detail) => detail.name === name);

describe('one request, several viewers', () => {
  it('reports a site that shows its card form to phones only as cloaking, with what differs', async () => {
    const result = await scan('https://paket-zustellung-mobil.com/sendung', {
      ...world.scanOptions,
      userAgent: defaultUserAgent().value,
      viewers: [phone],
    });
    const viewers = result.viewers!;
    expect(viewers.first).toMatchObject({ label: 'Desktop from the server', device: 'desktop', title: 'Baustelle', forms: [] });
    expect(viewers.others).toHaveLength(1);
    const [other] = viewers.others;
    expect(other!.view).toMatchObject({ label: 'Phone from the server', title: 'Paketzustellung - Zollgebühr offen', status: 200 });
    expect(other!.view.forms[0]!.asks).toEqual(['karteninhaber', 'kartennummer', 'gültig bis', 'prüfnummer (cvv)']);
    expect(other!.cloaking).toBe(true);
    expect(other!.differences).toContain(
      'It is asked for "karteninhaber", "kartennummer", "gültig bis", "prüfnummer (cvv)", which Desktop from the server is not asked for.',
    );
    expect(other!.differences).toContain('Its page is titled "Paketzustellung - Zollgebühr offen" instead of "Baustelle".');
    expect(viewers).toMatchObject({
      cloaking: true,
      summary: 'Cloaking: Phone from the server was shown another page than Desktop from the server.',
    });
    expect(cloakingDetail(result, 'viewer_cloaking')).toMatchObject({ risk_score: 70 });
    expect(cloakingDetail(result, 'viewer_cloaking')!.message).toMatch(/^Cloaking: Phone from the server/);
  });

  it('finds no cloaking where every viewer gets the same page', async () => {
    const result = await scan('https://sunny-garden-blog.com/', { ...world.scanOptions, viewers: [phone] });
    expect(result.viewers).toMatchObject({ cloaking: false, summary: 'All 2 viewers were shown the same page.' });
    expect(result.viewers!.others[0]).toMatchObject({ cloaking: false, differences: [] });
    expect(cloakingDetail(result, 'viewer_cloaking')).toMatchObject({ risk_score: 0, message: 'Every viewer is shown the same page.' });
  });

  it('says the viewer check did not run when no other viewer was asked for', async () => {
    const result = await scan('https://sunny-garden-blog.com/', world.scanOptions);
    expect(result.viewers).toBeUndefined();
    expect(cloakingDetail(result, 'viewer_cloaking')).toMatchObject({
      not_run: true,
      message: 'Not run: the scan did not ask for other viewers.',
    });
  });
});
