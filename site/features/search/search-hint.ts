/** What the search page says with no words to search for: drawn with the page, and again by its script. */
export const NO_WORDS_HINT = 'Type a word above to search every shirt in the shop.';
