import css from './suggestions.css?inline';

/**
 * The search box's suggestions' style sheet as text (minified by Vite, like the pages' sheets). The
 * box's code applies it when it loads, on the box's first focus (`adoptStyleSheet`); until then
 * the list is hidden, and the pages only list the sheet's hash, for the browsers that take it as a
 * `<style>` element.
 */
export const SUGGESTIONS_CSS: string = css;
