const PATHS = {
  x: 'M4 4l6.8 9.1L4.3 20h1.6l5.6-6 4.5 6H20l-7.1-9.6L19 4h-1.6l-5.2 5.6L8 4H4Z',
  linkedin:
    'M5 9h3v10H5V9Zm1.5-5a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4ZM10 9h2.9v1.4c.4-.8 1.4-1.6 2.9-1.6 3.1 0 3.7 2 3.7 4.7V19h-3v-4.9c0-1.2 0-2.6-1.6-2.6s-1.9 1.2-1.9 2.5v5H10V9Z',
  tiktok: 'M14 3h2.7c.2 1.9 1.6 3.4 3.3 3.6v2.8c-1.2 0-2.4-.4-3.3-1v6.2a5.3 5.3 0 1 1-5.3-5.3c.3 0 .6 0 .9.1v2.9a2.5 2.5 0 1 0 1.7 2.3V3Z',
} as const;

export function SocialIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
