import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asciiLabel } from './idna-label.ts';
import { hashed, NameSet } from './name-set.ts';

describe('NameSet', () => {
  it('knows a spliced name and the same name given whole as one', () => {
    const set = new NameSet();
    set.useText('paypal');
    expect(set.addSplice(1, 1, hashed('ɑ'))).toBe(true);
    expect(set.add('pɑypal')).toBe(false);
    expect(set.addSplice(4, 2, hashed('àà'))).toBe(true); // `al` to `àà`
    expect(set.add('paypàà')).toBe(false);
    expect(set.add('paypal-login')).toBe(true);
    set.useText('paypal-login');
    expect(set.addSplice(0, 0, hashed(''))).toBe(false);
    expect(set.size).toBe(3);
  });

  it('keeps 200,000 distinct names apart while growing', () => {
    const set = new NameSet();
    let added = 0;
    for (let i = 0; i < 200_000; i++) if (set.add(`name${i}`)) added++;
    expect(added).toBe(200_000);
    let again = 0;
    for (let i = 0; i < 200_000; i += 97) if (set.add(`name${i}`)) again++;
    expect(again).toBe(0);
    expect(set.size).toBe(200_000);
  });
});

describe('asciiLabel', () => {
  it('encodes as IDNA does and refuses what it refuses', () => {
    for (const label of ['pɑypal', 'раураӏ', 'müller', 'bücher', 'ǰɉ-ĵ', 'æøå', 'xn']) {
      expect(asciiLabel(label, null)).toBe(domainToASCII(`${label}.com`).split('.')[0]);
    }
    expect(asciiLabel('paypal', null)).toBe('paypal');
    for (const refused of ['', '-paypal', 'paypal-', 'pa--ypal', 'pá--ypal', 'pay_pal', 'a'.repeat(64), `${'ü'.repeat(60)}`]) {
      expect(asciiLabel(refused, null), refused).toBeNull();
    }
  });

  it('puts astral code points back from their private-use stand-ins', () => {
    expect(asciiLabel('i\ue000', [0x1f355])).toBe(domainToASCII('i🍕.ws').split('.')[0]);
  });
});
