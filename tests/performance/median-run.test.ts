import { describe, expect, it } from 'vitest';
import { medianRun } from '../bench/large-build.ts';

/** The large build's verdict is on the median of its runs: the middle time, whatever order the runs came in. */
describe('medianRun', () => {
  it('takes the middle of an odd count and the faster of the middle two of an even count', () => {
    expect(medianRun([{ seconds: 104 }, { seconds: 88 }, { seconds: 97 }])).toEqual({ seconds: 97 });
    expect(medianRun([{ seconds: 120 }, { seconds: 90 }, { seconds: 100 }, { seconds: 80 }])).toEqual({ seconds: 90 });
    expect(medianRun([{ seconds: 91 }])).toEqual({ seconds: 91 });
  });

  it('refuses no runs at all', () => {
    expect(() => medianRun([])).toThrow('no build ran');
  });
});
