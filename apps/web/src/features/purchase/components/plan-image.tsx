import type { PlanName } from '@riskscan/contracts';

/** SPEC §2: an image per plan (Free, Professional, Business), the Ultra image for anything else. */
const ART: Record<'Free' | 'Professional' | 'Business' | 'Ultra', { from: string; to: string; rings: number }> = {
  Free: { from: '#9fb4d9', to: '#5a6f96', rings: 1 },
  Professional: { from: '#5b8cff', to: '#2f6bff', rings: 2 },
  Business: { from: '#27c4a0', to: '#0f8f70', rings: 3 },
  Ultra: { from: '#b07bff', to: '#6b2fe0', rings: 4 },
};

export function planArt(name: string): keyof typeof ART {
  return name === 'Free' || name === 'Professional' || name === 'Business' ? name : 'Ultra';
}

export function PlanImage({ name }: { name: PlanName | string }) {
  const key = planArt(name);
  const art = ART[key];
  const gradient = `plan-art-${key}`;
  return (
    <svg className="purchase__image" viewBox="0 0 200 200" role="img" aria-label={`${key} plan`} data-plan-art={key}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <rect width="200" height="200" rx="28" fill={`url(#${gradient})`} />
      {Array.from({ length: art.rings }, (_, i) => (
        <circle key={i} cx="100" cy="100" r={88 - i * 14} fill="none" stroke="#fff" strokeOpacity={0.18 + i * 0.08} strokeWidth="2" />
      ))}
      <path d="M100 50 L140 66 V100 C140 126 122 144 100 152 C78 144 60 126 60 100 V66 Z" fill="#fff" fillOpacity="0.95" />
      <path d="M84 101 L96 113 L118 89" fill="none" stroke={art.to} strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
