import { hashString, seededRandom as mulberry32 } from '../../../design/index.ts';

/** A small seeded random source, so an offline run can be replayed exactly from its seed. */

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  chance(p: number): boolean;
}

/** The string hash over the parts, each ended by a NUL, so a seed and a request's text together choose the sequence. */
export function hashParts(...parts: ReadonlyArray<string | number>): number {
  return hashString(parts.map((part) => `${String(part)}\u0000`).join(''));
}

/** The renderer's seeded generator, with the helpers the phrase banks need. */
export function seededRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
      return items[int(items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    chance: (p: number) => next() < p,
  };
}
