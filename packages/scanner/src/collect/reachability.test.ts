import { describe, expect, it } from 'vitest';
import { unreachableOf } from './reachability.ts';

describe('unreachableOf', () => {
  it('reports a name with a private address exactly like a name that does not exist (issue 29)', () => {
    const url = 'http://jenkins.corp.example.com/';
    const missing = unreachableOf({
      code: 'unresolvable_host',
      message: 'Refused: jenkins.corp.example.com does not resolve',
      url,
      refused: true,
    });
    const privateName = unreachableOf({
      code: 'forbidden_address',
      message: 'Refused: jenkins.corp.example.com resolves to an address that is not public',
      url,
      refused: true,
    });
    expect(privateName).toEqual(missing);
    expect(missing?.reason).toBe('unresolvable');
  });

  it('still says an address typed as such is not loaded', () => {
    const literal = unreachableOf({
      code: 'forbidden_address',
      message: 'Refused: 10.0.0.1 is not public',
      url: 'http://10.0.0.1/',
      refused: true,
    });
    expect(literal?.reason).toBe('blocked');
  });
});
