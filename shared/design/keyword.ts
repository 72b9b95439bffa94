/** The word a layout highlights in the accent colour: an AI term if the quote has one, else its longest word. */

const AI_TERMS = new Set([
  'AI',
  'A.I.',
  'AGI',
  'GPT',
  'CHATGPT',
  'LLM',
  'LLMS',
  'BOT',
  'BOTS',
  'CHATBOT',
  'ROBOT',
  'ROBOTS',
  'PROMPT',
  'PROMPTS',
  'PROMPTING',
  'MODEL',
  'MODELS',
  'NEURAL',
  'ALGORITHM',
  'ALGORITHMS',
  'AGENT',
  'AGENTS',
  'AUTOMATE',
  'AUTOMATED',
  'AUTOMATION',
  'MACHINE',
  'MACHINES',
  'TOKENS',
  'DATA',
  'CODE',
  'HALLUCINATE',
  'HALLUCINATES',
  'HALLUCINATION',
  'HALLUCINATIONS',
]);

/** Letters and digits only, upper case, for comparing words whatever their punctuation. */
export function keywordKey(word: string): string {
  return word
    .toUpperCase()
    .replace(/[^\p{L}\p{N}.]/gu, '')
    .replace(/^\.+|\.+$/g, '');
}

/** The highlighted word's key (compare with keywordKey of each word), or undefined for one-word quotes. */
export function pickKeyword(words: readonly string[]): string | undefined {
  const keys = words.map(keywordKey).filter((key) => key !== '');
  if (keys.length < 2) return undefined;
  const term = keys.find((key) => AI_TERMS.has(key) || AI_TERMS.has(key.replace(/\./g, '')));
  if (term) return term;
  let longest = '';
  for (const key of keys) if (key.length >= longest.length) longest = key;
  return longest.length >= 4 ? longest : undefined;
}
