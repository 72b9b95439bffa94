/** An Astro component's source in its two parts: the front matter between the `---` fences, and the template after them. */
export function astroSource(source: string): { frontMatter: string; template: string } {
  const match = /^---\n([\s\S]*?)\n---/.exec(source);
  if (!match) return { frontMatter: '', template: source };
  return { frontMatter: match[1]!, template: source.slice(match[0].length) };
}
