/** The print canvas and the limits every layout keeps to, in print pixels (300 DPI). */

export const PRINT_WIDTH = 4500;
export const PRINT_HEIGHT = 5400;
export const PRINT_DPI = 300;

/** Web preview width for cards; the height follows the print aspect ratio. */
export const PREVIEW_WIDTH = 1024;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One inch of margin on every side: printers and mockups crop near the canvas edge. */
export const SAFE_MARGIN = 300;

export const SAFE_AREA: Box = {
  x: SAFE_MARGIN,
  y: SAFE_MARGIN,
  width: PRINT_WIDTH - 2 * SAFE_MARGIN,
  height: PRINT_HEIGHT - 2 * SAFE_MARGIN,
};

/** Smallest quote font size: 120 px at 300 DPI is 0.4 in (about 29 pt), readable at arm's length on a shirt. */
export const MIN_FONT_SIZE = 120;

/** Smallest size for small captions (product name, window title): about 20 pt. */
export const MIN_CAPTION_SIZE = 84;
