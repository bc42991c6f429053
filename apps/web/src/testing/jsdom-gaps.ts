/**
 * Browser APIs jsdom lacks that real browsers always have. `matchMedia` answers "no match", as a
 * desktop browser without reduced-motion would; SweetAlert2 and the scroll animation ask it.
 */
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
