import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reveal } from './reveal.tsx';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** jsdom has no IntersectionObserver; this one lets the test say when the element scrolls into view. */
function installObserver() {
  const observers: Callback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (visible: boolean) => act(() => observers.forEach((cb) => cb([{ isIntersecting: visible }])));
}

function mediaMatches(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query }) as MediaQueryList);
}

afterEach(() => vi.unstubAllGlobals());

describe('Reveal (SPEC §9 scroll animation)', () => {
  it('animates once, the first time its content scrolls into view', () => {
    const scrollTo = installObserver();
    mediaMatches(false);
    render(<Reveal>Features</Reveal>);
    const el = screen.getByText('Features');
    expect(el).toHaveClass('reveal');
    expect(el).not.toHaveClass('reveal--shown');
    scrollTo(false);
    expect(el).not.toHaveClass('reveal--shown');
    scrollTo(true);
    expect(el).toHaveClass('reveal', 'reveal--shown');
  });

  it('stays still on phones', () => {
    installObserver();
    mediaMatches(true);
    render(<Reveal>Features</Reveal>);
    expect(screen.getByText('Features')).not.toHaveClass('reveal');
  });
});
