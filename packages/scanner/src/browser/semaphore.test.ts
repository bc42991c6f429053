import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

describe('Semaphore', () => {
  it('lets `size` holders in and the next one when a holder releases', async () => {
    const slots = new Semaphore(2);
    const first = await slots.acquire();
    await slots.acquire();
    let thirdIn = false;
    const third = slots.acquire().then((release) => {
      thirdIn = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(thirdIn).toBe(false);
    first();
    first(); // releasing twice frees one slot only
    await third;
    expect(thirdIn).toBe(true);
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
