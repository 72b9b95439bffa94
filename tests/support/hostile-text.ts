/**
 * Text that would run a script, break out of markup, or mislead a reader if anything showed it as
 * anything but text. Each script payload sets `window.__pwned`, so a test can tell it never ran.
 */

export const PWNED_GLOBAL = '__pwned';

export const HOSTILE_TEXTS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=2">',
  '</text><script>window.__pwned=3</script>',
  '"><svg onload=window.__pwned=4>',
  '</script><script>window.__pwned=5</script>',
  'Tom & Jerry\'s "quote" &amp; &lt;b&gt;',
  '\u202Eevil\u202C \u200Fmark \u2066isolate\u2069',
  '🤖 👩‍💻 🏳️‍🌈 emoji',
  'javascript:window.__pwned=6',
  '{{constructor.constructor("window.__pwned=7")()}}',
  'line\u2028separator\u2029paragraph',
] as const;
