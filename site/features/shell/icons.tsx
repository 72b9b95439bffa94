/**
 * Inline SVG icons for the islands: no icon library in the bundle. All decorative (aria-hidden).
 * Only the icons the islands of every page draw (the cart button, the toasts) live here, as this
 * module goes into the chunk every page loads: the drawer's and the spinner have files of their own,
 * loaded with the code that draws them.
 */

export interface IconProps {
  size?: number;
}

/** The attributes every inline icon shares: a 24-unit stroke drawing, hidden from assistive tech. */
export const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

export function BagIcon({ size = 22 }: IconProps) {
  return (
    <svg {...base(size)}>
      <path d="M6 7h12l1 13H5L6 7Z" />
      <path d="M9 7V6a3 3 0 0 1 6 0v1" />
    </svg>
  );
}

export function CloseIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function CheckIcon({ size = 18 }: IconProps) {
  return (
    <svg {...base(size)}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function AlertIcon({ size = 18 }: IconProps) {
  return (
    <svg {...base(size)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </svg>
  );
}
