/**
 * For budgets that may miss on this machine: what was done and tried, by figure. BENCHMARKS.md
 * prints an entry under "Budgets not met" only when its figure fails in that run.
 */

export interface Tried {
  section: string;
  /** Matches the figure's `what`. */
  figure: RegExp;
  text: string;
}

export const TRIED: Tried[] = [
  {
    section: 'Lighthouse (mobile)',
    figure: /TBT$/,
    text: [
      'TBT counts the part over 50 ms of every main-thread task between first paint and interactive, from a trace slowed 4x: any task over about 12 ms here',
      '(25 ms for a task that lays out).',
      "Done: a page that is only read runs no island code (client:interact waits for the shopper's first press, key or focus; React's code had run at idle",
      "as one 17 to 31 ms task); the product page's purchase island hydrates only when a React-free check after the first frame finds the build's",
      "price or availability out of date (the check writes the fresh price into the price line, plain markup since 2026-11-27); the search page's results wait for no React; arrows are inline SVGs and the menu's caret and the product page's",
      "ticks are drawn in CSS, since one character outside the web fonts' subset (←, ▾, ✓) sends every page's first layout through the system fonts",
      '(the caret alone: 24 to 16 ms of first layout on the home page); a grid of cards is one island instead of one per card (16 to 3 island elements on',
      'the home page, 8 KB less HTML, about 8 ms less parsing); the toaster rides in the cart button island, the drawer loads on first open; pages are',
      'written in ASCII (one curly quote made Blink hold the whole page at two bytes per character: decoding it before the parse took 5 to 9 ms of',
      'main-thread time, now 1.3 to 4 ms); cards below the first screen and the footer are skipped until the shopper nears them (content-visibility:',
      'auto: first layout of the home page 17.9 to 13.9 ms, the style pass at the end of parsing 14.2 to 8.2 ms, medians of five unthrottled loads);',
      "no length is in ch or ex (the collection page's 70ch made the first style pass look up system fonts through synchronous calls to the browser",
      "process while the web fonts decoded: that pass 12.4 to 6.4 ms); the cart button reads the stored cart after the load, not in the header's",
      "parse slice (a page's first read of localStorage is a synchronous call to the browser process: 1 to 7 ms unthrottled), and the cart store reads it",
      "on first use instead of when the code the product and search pages' own scripts share is evaluated (the CartCreate mutation and checkout's call",
      'also left that shared chunk: product page JS 79.0 to 78.7 KB).',
      "Why every later task counts: Lantern's simulated first paint leaves out the navigation's commit task (25 to 30 ms here, over 100 ms",
      'simulated), so in the full simulation every task after the first parse slice starts after that first paint.',
      "Kept though it costs here: a collection page's first photo (a phone's largest paint) is fetched eagerly. The load event now waits for it, so",
      "the page's first layout runs in a task of its own, and the last parse slice, with the style pass Chromium runs when parsing ends, is no",
      'longer a task that lays out and counts at full weight (collection TBT medians 33 to 53 ms before, 82 to 103 ms after), though the longest',
      'task on the main thread is shorter (14 to 17 ms of thread time in three traces, against 14 to 30) and the photo is asked for before the first layout.',
      'What is left is the page load itself, in tasks of 10 to 32 ms of thread time that contention stretches past the line (Lighthouse traces of',
      'this build): on the home and collection pages the last body slice, which ends with the style pass Chromium runs when parsing ends (11 to 19 ms),',
      "and the other body slices, each ending on an island element's start-up or an inline script (10 to 14 ms); on the product and search pages,",
      "whose module script lets parsing end first, the first frame's style, layout and paint in one task (27 to 32 ms, counted at half weight); and",
      "the product page's live check after the first frame, 2 to 4 ms of thread time that took 18 to 34 ms of wall time in the same traces. Chromium",
      'parses the head in one task (the inline CSS, the font preloads, the policy) and the body in slices of about 10 ms (its time budget), each ending',
      'after the token that crosses it. The style pass at the end of parsing is part of finishing the document, so it cannot be moved to a task of its own',
      "without delaying the first paint. Tried without a gain: a style sheet 5 KB smaller (the other pages' rules left out; the home page's style pass",
      'and parse were the same within noise), cards without srcset (the same parse time).',
      'Measured and kept: a Content-Security-Policy of any form (meta tag or header, hashes or not) adds 4 to 11 ms of parse to the home page against the',
      'same page without one; without the font preloads the fonts miss the first layout, which then takes about 43 ms, most of it a search through the',
      'system fonts. Tried without a lasting gain: font-display',
      'block instead of optional. Tried without a gain: holding the first paint until the whole body is parsed (a render-blocking `link rel=expect`',
      'to an element at its end), so that the parse slices come before it: home TBT 29, 3 and 6 ms, collection 3 and 24 ms,',
      "since Lantern's simulated first paint waits for the first parse slice only, whatever the page asks.",
      "Tried without a gain: Astro's island loader and the two client directives (6.5 KB of inline script on every page) moved into one",
      'deferred file, so that no parse slice compiles them: home TBT 0, 4, 4 and 16 ms against 0, 0, 0 and 10 ms for the pages as built, collection',
      '23, 0, 0 and 2 ms against 1, 11, 3 and 39 ms (four alternating Lighthouse runs each, 2026-11-28), and the largest paint 0.2 to 0.4 s later,',
      'the file being one more request on the simulated slow 4G.',
      "On this 2-core machine the renderer's main thread is often off the CPU while the page loads: in a trace of the home page",
      "a parse task's wall time is up to 2.5 times its thread time. The kernel's per-thread run-queue times, sampled through the first 400 ms of a",
      "collection page's load under Lighthouse, show why: the main thread ran for 83 ms and waited 78 ms for a core, while the browser process (55 ms),",
      "the renderer's worker threads decoding fonts and images (59 ms), the network service (36 ms), Lighthouse itself (38 ms) and the store's server",
      '(30 ms) ran beside it. Lighthouse counts wall time, so single runs vary widely (see the per-run list).',
    ].join(' '),
  },
  {
    section: 'Lighthouse (mobile)',
    figure: /: performance$/,
    text:
      'Performance below 100 comes with a slow LCP or TBT in the same runs (see those rows and the per-run list). The search page draws its results from a live ' +
      'query in the browser (so a product published a minute ago is found), and its largest paint waits for that answer: about 1.8 s on the simulated slow 4G ' +
      "(2.0 s while its script waited for React's chunk). On this machine Chromium under Lighthouse often paints its first frame 1 to 2 s after the load event " +
      "(the report's observed first paint against its observed load): in the traces the page's first frame is ready about 50 ms after load, and the display " +
      'compositor draws it only about a second later, the pattern of Lighthouse issue 17148 (viz withholding frames from a page it judges unresponsive in ' +
      'headless runs). The simulation then counts every request that ended before that late paint, images and ' +
      "a page's module scripts included, as holding up the largest paint. Tried without a gain: the search page's no-words hint drawn with the page " +
      '(and emptied by an inline script when the address has words) instead of by its module script: largest paints of 1.84, 1.72 and 1.69 s ' +
      'against 1.80 s before (2026-11-28), so the hint was not what the largest paint waited for. Elsewhere, a run now and then is slowed by other work.',
  },
  {
    section: 'Build with 25,000 products',
    figure: /^build with 25,000 products$/,
    text: [
      'The build time follows how busy this shared machine is. On 2026-11-27 the same code built the 25,000 products in 75.8 s in one full run',
      "and in 98.3 to 115.4 s over the next hour; the code of the morning (before that day's changes), built in between, took 100.6 and 110.9 s.",
      'The CPU check before the section (the same fixed work on one core) was 106 to 117 ms in quiet moments and 170 to 184 ms around the slow builds.',
      "A profile of a 5,000-product build spends its time in Astro's rendering, React's server renderer, reading the shop's answers and writing",
      'the files, with no single part over a few percent: the pages (29,190 at this size) are what costs.',
      "Done: srcsets parse their URL once instead of once per width (a twentieth of a page's rendering), and the pass that writes pages in ASCII",
      'runs without the `u` flag (about half its time per page). The build uses one core throughout (its CPU time is about its wall time).',
      "Then each island is rendered once instead of twice (marked as React's, so Astro skips its trial render), a photo's src and srcset are",
      "worked out once per photo and layout, the menus' sixteen links are markup instead of a component each, and the purchase island takes",
      'its product as one JSON string: rendering the pages of 25,000 products then took 70.3 and 75.6 s (two builds), against 85.1 s for the code before, within the same hour.',
      "Then pages are rendered as whole strings instead of streams (Astro streams whenever a build has on-demand routes): the build's user CPU time",
      '129.5 s streamed against 124.4 s as strings (means of two alternating builds). And rendering starts once the paths are listed instead of after',
      "every read: recommendations and the collections' other three orders are read while the pages render, so the first page is written 7 to 11 s",
      'after the start instead of 14 to 15 s; on a quiet machine with nothing deleted in the minutes before, the whole build took 89.5 s.',
      'Then each page module is loaded once (Astro called a dynamic import() for every page, which Node resolves again before answering from its',
      "cache) and the layout inlines the storefront's style sheet with its hash worked out once (Astro gathered and hashed the same 22 KB for the",
      'Content-Security-Policy on every page, about 140 µs of the main thread each): four alternating builds of the code before and after, on a',
      'busy machine (CPU check about 195 ms), took 119.3 and 120.2 s before (user CPU 138.5 and 137.6 s), 109.9 and 115.9 s after (124.0 and 129.6 s).',
      'Tried and undone: writing pages in ASCII after the build (reading the files back) instead of in the middleware: it took 8.8 s after',
      'the last page at 25,000 products, more than the middleware costs.',
      'Tried without a gain: two builds side by side, each rendering half of the product and collection pages (97.7 s for one build against 101.1 s',
      'for the pair, and 117.1 against 126.4 s, measured back to back with each heap capped at 1 GB so the pair fits the memory budget): the second',
      'core does not double this memory-heavy work here, and each half bundles and reads the whole shop again. Two pages in flight or one instead',
      'of eight: no faster (5,000 products, three builds each: 30.3 s mean with eight, 32.1 with two, 34.1 with one); nor sixteen (three',
      'alternating pairs, 2026-11-28: 23.7, 23.8 and 28.3 s with eight, 22.3, 25.2 and 31.3 s with sixteen). A larger young generation',
      '(--max-semi-space-size=64): no change.',
      "Kernel time: creating the pages' 29,000 directories and 29,000 files took 2 to 3 s on this machine's file system (ext4 without a",
      'journal) with nothing deleted recently, and about 14 s within a minute of deleting a tree of that size, as the kernel steps over',
      'recently freed inodes one by one, which is why the bench deletes none of its three builds until the last has run. Measured again alone (29,000 folders with a 70 KB',
      'file each, eight writes in flight): 5.9 s (8.0 s of kernel CPU on the thread pool) with nothing deleted for a minute, 15.9 s (26.5 s of',
      "kernel CPU) right after deleting such a tree; the same files in one folder were no better (10.1 s). The build's kernel time went from",
      '12 to 35 s between back-to-back builds of the same code, and its wall time with it. Two whole builds side by side: each rendered its',
      'pages in 159 to 160 s against 86 s alone (8 % more pages per second for the pair): the second core does not carry this work.',
      "Tried without a gain: a second rendering thread inside the build (a worker thread behind Astro's pre-renderer interface, loading the",
      "same pre-render bundle; the pages came out byte for byte the same once astro:assets' image calls were answered by the build's thread).",
      'At 5,000 products the pages rendered in 18.2 to 22.5 s with the second thread, however the pages were shared between the threads, against',
      '18.2 to 21.5 s on one (alternating builds), for about 10 % more CPU time (the second thread reads the shop again). Two busy processes',
      "side by side get about 1.55 cores here, and the one-thread build already keeps about 1.3 busy (V8's collector threads, the shop, the",
      'file writes): there is little second core left to give.',
      "Then fewer bytes per page (2026-11-27): each kind of page inlines only its own style sheets, and the cart drawer's code brings the",
      "drawer's sheet on the cart's first open. At 5,000 products a product page went from 51.6 to 42.2 KB and the build wrote 285 MB instead",
      'of 338 MB; with the sheets split alone, three alternating pairs used 25.6 s of user CPU against 27.0 s. The same builds with no CSS at',
      'all used 9 % less user CPU than with the whole sheet on every page: what a build writes costs it time.',
      "Tried without a gain: each card's markup written once per product as one string and reused in every order of every collection and on",
      'the home page, instead of a component per card (the pages came out the same): five alternating pairs at 5,000 products used 29.7 s of',
      'user CPU with it and 28.6 s without. Tried and undone: the drawer importing its own style sheet as a module; Astro then inlines the',
      'sheet of a lazily loaded module in every page anyway.',
      "Then the build's output goes out in batches (2026-11-28): Astro wrote each piece of text as it came, two per page, into the pipe the",
      'bench reads, and each write woke the reader, which on a busy machine took the core from the rendering thread (writing to standard',
      "output was 4.9 % of the main thread in a profile of a 5,000-product build made while other work ran). The project's log destination",
      'writes the same lines at most 100 ms apart. Alternating 5,000-product builds with another process keeping one core busy: 31.7, 25.9 and',
      '30.5 s before, 29.7, 24.1 and 24.9 s after; on a quiet machine no difference (22.4 and 24.1 s against 22.1 and 22.2 s).',
    ].join(' '),
  },
];
