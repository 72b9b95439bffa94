/** The store's identity and the brand profile sent with concept generation (fixed values: docs/behaviour/constants.md). */
export const STORE_NAME = 'Neural Threads';

export const BRAND = {
  name: STORE_NAME,
  voice: 'Witty, dry and business-savvy: clever jokes about AI at work, never mean, never crude.',
  audience: 'Entrepreneurs, small-business owners and professionals over 40 who use AI to run their work.',
  colors: ['#000000', '#fe972e', '#c84916', '#f05518'],
  fonts: ['Montserrat', 'Bebas Neue', 'Open Sans'],
} as const;

export type BrandProfile = {
  name: string;
  voice: string;
  audience: string;
  colors: readonly string[];
  fonts: readonly string[];
};
