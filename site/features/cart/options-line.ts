import type { SelectedOption } from '../../../shared/cart/index.ts';

/**
 * A cart line's option values joined by a bullet: "Black • L". Shopify's placeholder for
 * products without options ("Default Title") is left out.
 */
export function optionsLine(options: readonly SelectedOption[]): string {
  return options
    .map((option) => option.value)
    .filter((value) => value && value !== 'Default Title')
    .join(' • ');
}
