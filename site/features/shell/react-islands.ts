import { Renderer } from 'astro/runtime/server/index.js';

/** The name Astro knows the React integration's renderer by. */
export const REACT_RENDERER = '@astrojs/react';

/**
 * Marks components as React's before a page renders them as islands. Unmarked, Astro finds out which
 * framework an island belongs to by asking each renderer, and React's answer is a throwaway render of
 * the component: every island was rendered twice on the server, on every page of a build. Marked,
 * the first render is the only one (docs/architecture.md, "Islands render once on the server").
 * Safe to call on every render: a component already marked is left as it is. Server-only: call it
 * from the front matter of the file that hydrates the component.
 */
export function reactIslands(...components: readonly object[]): void {
  for (const component of components) {
    if (Object.hasOwn(component, Renderer)) continue;
    Object.defineProperty(component, Renderer, { value: REACT_RENDERER, enumerable: false, writable: false });
  }
}
