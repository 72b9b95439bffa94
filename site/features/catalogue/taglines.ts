/** The five hero taglines: one is shown at random on each page view. */
export const TAGLINES = [
  'Not replaced by AI. Promoted to managing it.',
  'Twenty years of experience, now with autocomplete.',
  'I asked AI for a business plan. It asked for equity.',
  'My AI works weekends, so I finally don’t have to.',
  'Reading glasses on. Prompts engineered. Let’s do business.',
] as const;
