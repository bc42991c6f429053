import { describe, expect, it } from 'vitest';
import { refang } from './refang.ts';

describe('refang', () => {
  it('undoes hxxp, h[tt]p, [.], (.), {.}, [dot], (dot) and [:]//', () => {
    expect(refang('hxxps://evil[.]example(dot)com/a')).toBe('https://evil.example.com/a');
    expect(refang('h[tt]p[://]login{.}example(.)org')).toBe('http://login.example.org');
    expect(refang('paypal [dot] com')).toBe('paypal.com');
  });

  it('leaves ordinary addresses alone', () => {
    expect(refang('https://www.example.com/a[1]?q=(x)')).toBe('https://www.example.com/a[1]?q=(x)');
  });
});
