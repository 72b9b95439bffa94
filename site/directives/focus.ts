import type { ClientDirective } from 'astro';

/**
 * `client:focus`: hydrate an island only when the shopper focuses something in it (or presses on it,
 * which focuses a field a moment later). Until then the page carries no code for it: the header's
 * search box is a plain form that works without script (docs/behaviour/search.md).
 */
const focus: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    el.removeEventListener('focusin', start);
    el.removeEventListener('pointerdown', start);
    delete el.dataset.hydrateWhen;
    void load().then((hydrate) => hydrate());
  };
  el.dataset.hydrateWhen = 'focus';
  el.addEventListener('focusin', start);
  el.addEventListener('pointerdown', start, { passive: true });
  // Focused before this script ran (a fast Tab, autofocus): hydrate now.
  if (el.contains(document.activeElement)) start();
};

export default focus;
