import type { CreateComment } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { moderationVerdict } from './comments.service.ts';
import type { UrlRiskCheck } from './url-risk.ts';

const comment = (content: string, extra: Partial<CreateComment> = {}): CreateComment => ({
  author_name: 'Ana',
  author_email: 'ana@example.test',
  author_url: '',
  content,
  ...extra,
});

describe('moderationVerdict with a swapped-in URL verdict', () => {
  it('asks the verdict about each link and holds at its threshold', async () => {
    const asked: string[] = [];
    const verdict: UrlRiskCheck = async (url) => {
      asked.push(url);
      return { risk_score: url.includes('bad') ? 85 : 5 };
    };
    expect(await moderationVerdict(comment('see https://good.example'), verdict)).toEqual({ status: 'approved', note: '' });
    const held = await moderationVerdict(comment('see https://bad.example/x'), verdict);
    expect(held).toEqual({ status: 'pending', note: 'suspicious link: https://bad.example/x (risk 85)' });
    expect(asked).toEqual(['https://good.example', 'https://bad.example/x']);
  });

  it('holds the comment when the verdict fails, rather than publishing an unchecked link', async () => {
    const failing: UrlRiskCheck = async () => {
      throw new Error('verdict service down');
    };
    expect((await moderationVerdict(comment('https://example.com'), failing)).status).toBe('pending');
  });

  it('does not ask about links in a comment that filled the honeypot', async () => {
    const never: UrlRiskCheck = async () => {
      throw new Error('must not be called');
    };
    expect(await moderationVerdict(comment('https://example.com', { website: 'x' }), never)).toEqual({
      status: 'spam',
      note: 'honeypot field filled',
    });
  });
});
