import '@/testing/jsdom-gaps.ts';
import type { ViewersResult, ViewerView } from '@riskscan/contracts';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render-screen.tsx';
import { sampleResult } from './testing/sample-result.ts';
import { ResultView } from './result-view.tsx';

const view = (overrides: Partial<ViewerView>): ViewerView => ({
  label: 'Desktop from the server',
  device: 'desktop',
  country: null,
  user_agent: 'Mozilla/5.0',
  final_url: 'https://paket.example/sendung',
  status: 200,
  title: 'Baustelle',
  forms: [],
  redirect_chain: ['https://paket.example/sendung'],
  screenshot_link: '/screenshots/desktop.webp',
  screenshot_phash: 'ffff000000000000',
  error: null,
  ...overrides,
});

const cloaked: ViewersResult = {
  first: view({}),
  others: [
    {
      view: view({
        label: 'Phone from the server',
        device: 'phone',
        title: 'Zollgebühr offen',
        forms: [{ action: null, asks: ['kartennummer', 'prüfnummer (cvv)'] }],
        screenshot_link: null,
        screenshot_phash: null,
      }),
      differences: [
        'Its page is titled "Zollgebühr offen" instead of "Baustelle".',
        'It is asked for "kartennummer", "prüfnummer (cvv)", which Desktop from the server is not asked for.',
      ],
      screenshot_distance: null,
      cloaking: true,
    },
    { view: view({ label: 'Desktop from Germany', country: 'Germany' }), differences: [], screenshot_distance: 0, cloaking: false },
  ],
  cloaking: true,
  summary: 'Cloaking: Phone from the server was shown another page than Desktop from the server.',
};

describe('ResultView with several viewers', () => {
  it('shows every viewer side by side with what it was shown and what differed, and names the cloaking', async () => {
    renderScreen(<ResultView result={{ ...sampleResult, viewers: cloaked }} mode="home" showDisabled={false} />);
    const section = screen.getByRole('region', { name: 'Cloaking: viewers were shown different pages' });
    expect(section).toHaveTextContent(cloaked.summary);
    const columns = within(section)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(columns).toEqual(['Desktop from the server', 'Phone from the server', 'Desktop from Germany']);
    expect(within(section).getByRole('img', { name: 'Screenshot as Desktop from the server' })).toHaveAttribute(
      'src',
      '/screenshots/desktop.webp',
    );
    const phoneDiff = within(section).getByRole('list', { name: 'What Phone from the server saw differently' });
    expect(
      within(phoneDiff)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(cloaked.others[0]!.differences);
    expect(within(section).getByText('kartennummer, prüfnummer (cvv)')).toBeInTheDocument();
    expect(within(section).getByText('Shown the same page.')).toBeInTheDocument();
    // jsdom lays nothing out, so contrast cannot be measured here; the rest of axe's rules run.
    const { violations } = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it('has no viewers section on a scan that asked for none', () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    expect(screen.queryByRole('region', { name: /viewers/i })).not.toBeInTheDocument();
  });
});
