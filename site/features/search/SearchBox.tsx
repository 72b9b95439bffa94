import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatPrice } from '../../../shared/common/index.ts';
import type { BrowserEndpoint } from '../../../shared/storefront/browser.ts';
import { imageAtWidth } from '../catalogue/image-url.ts';
import { collectionPath, fetchSuggestions, productPath, type Suggestions } from './search-api.ts';
import { adoptStyleSheet } from '../shell/adopt-style-sheet.ts';
import suggestionsCss from './suggestions.css?inline';

// The suggestions' styles come with the box's code, which loads on its first focus: no page carries
// them (on the server, where this module also runs, nothing is applied).
adoptStyleSheet(suggestionsCss);

/**
 * The header's search box: a plain GET form to /search that works before (and without) script, and,
 * once focused and hydrated (`client:focus`), a combobox that suggests products and collections live
 * from the Storefront API as the shopper types. Keyboard: ↓/↑ move through the suggestions, Enter opens
 * the one chosen (or searches for the text), Escape closes the list, then clears the box
 * (docs/behaviour/search.md).
 */

/** Wait this long after the last keystroke before asking the shop. */
const TYPING_PAUSE_MS = 150;

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
  image: string | null;
}

function optionsFor(query: string, suggestions: Suggestions, prefix: string): Option[] {
  const products = suggestions.products.map((p) => ({
    id: `${prefix}-product-${p.handle}`,
    href: productPath(p.handle),
    label: p.title,
    detail: formatPrice(p.price),
    image: p.image ? imageAtWidth(p.image.url, 96) : null,
  }));
  const collections = suggestions.collections.map((c) => ({
    id: `${prefix}-collection-${c.handle}`,
    href: collectionPath(c.handle),
    label: c.title,
    detail: 'Collection',
    image: null,
  }));
  const all = {
    id: `${prefix}-all`,
    href: `/search?q=${encodeURIComponent(query)}`,
    label: `Search for “${query}”`,
    detail: '',
    image: null,
  };
  return [...products, ...collections, all];
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';

const NO_SUGGESTIONS: Suggestions = { products: [], collections: [] };

export default function SearchBox({ endpoint }: { endpoint: BrowserEndpoint }) {
  const prefix = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const listId = 'search-suggestions';
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // The chosen option by id, not index: suggestions that arrive later keep the choice if it is still there.
  const [activeId, setActiveId] = useState<string | null>(null);
  // The last answer, with the words it answers: the box speaks of it only while those words are in the field.
  const [answer, setAnswer] = useState<{ query: string; suggestions: Suggestions; failed: boolean } | null>(null);

  // Text typed before this island hydrated is in the field already: take it over, and suggest for it.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed) {
      setQuery(typed);
      setOpen(true);
    }
  }, []);

  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) {
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(endpoint, trimmed, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setAnswer({ query: trimmed, suggestions: found, failed: false });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Search suggestions could not be loaded:', error instanceof Error ? error.message : error);
          // The earlier words' suggestions would stand under these words for good: only "Search for" stays.
          setAnswer({ query: trimmed, suggestions: NO_SUGGESTIONS, failed: true });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [endpoint, trimmed]);

  // Until the answer for the words in the field arrives, the earlier one's suggestions stay in place.
  const status: Status = !trimmed ? 'idle' : answer?.query !== trimmed ? 'loading' : answer.failed ? 'failed' : 'ready';
  const suggestions = answer?.suggestions ?? NO_SUGGESTIONS;
  const options = trimmed ? optionsFor(trimmed, suggestions, prefix) : [];
  const expanded = open && options.length > 0;
  const active = expanded ? options.findIndex((option) => option.id === activeId) : -1;
  const found = suggestions.products.length + suggestions.collections.length;

  // The option chosen with the keys stays in sight when the list scrolls (a short screen, a long list).
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Keys that pick or cancel an input method's candidates (Japanese, Chinese, …) are not the box's.
    if (event.nativeEvent.isComposing || event.key === 'Process') return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        const next = active === -1 ? (step === 1 ? 0 : options.length - 1) : (active + step + options.length) % options.length;
        setActiveId(options[next]!.id);
        return;
      }
      case 'Enter': {
        const chosen = expanded && active >= 0 ? options[active] : undefined;
        if (chosen) {
          event.preventDefault();
          window.location.assign(chosen.href);
        } else if (!trimmed) event.preventDefault();
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActiveId(null);
        } else setQuery('');
        return;
    }
  }

  let message = '';
  if (trimmed && status === 'ready') message = found ? `${found} suggestion${found === 1 ? '' : 's'}` : `No suggestions for “${trimmed}”`;
  else if (trimmed && status === 'failed') message = 'Suggestions could not be loaded';

  return (
    <form
      className="search-box"
      role="search"
      action="/search"
      method="get"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor="search-input" className="sr-only">
        Search products
      </label>
      <input
        ref={inputRef}
        id="search-input"
        className="search-input"
        type="search"
        name="q"
        placeholder="Search shirts"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActiveId(null);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        className="search-suggestions"
        role="listbox"
        aria-label="Suggestions"
        aria-busy={status === 'loading'}
        hidden={!expanded}
      >
        {expanded &&
          options.map((option, index) => (
            // Links, so a pointer opens them as links open (a middle or Ctrl/⌘ click in a new tab); the
            // combobox's input handles the keys (aria-activedescendant), so they are out of the tab order.
            <a
              key={option.id}
              href={option.href}
              tabIndex={-1}
              id={option.id}
              role="option"
              aria-selected={index === active}
              className="search-option"
              // Keep the focus in the box; the link does the navigating.
              onMouseDown={(event) => event.preventDefault()}
              onPointerMove={() => setActiveId(option.id)}
            >
              {option.image ? (
                <img src={option.image} alt="" width="40" height="40" loading="lazy" />
              ) : (
                <span className="search-option-mark" aria-hidden="true" />
              )}
              <span className="search-option-label">{option.label}</span>
              {option.detail && <span className="search-option-detail">{option.detail}</span>}
            </a>
          ))}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {message}
      </p>
    </form>
  );
}
