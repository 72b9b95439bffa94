import type { ProductRecord, VariantRecord } from '../store/records.ts';

/**
 * Hydrogen's variant fields. `encodedVariantExistence` / `encodedVariantAvailability` use Shopify's
 * documented "v1_" encoding: the variants' option-value indices as a trie, where `i:` opens the
 * children of value i, `,` closes them, runs of consecutive indices are written `a-b` and other
 * siblings at the last level are separated by a space (e.g. `v1_0:0-1,1:0,`).
 */

interface Trie {
  children: Map<number, Trie>;
}

function indices(product: ProductRecord, variant: VariantRecord): number[] | null {
  const out: number[] = [];
  for (const [i, option] of product.options.entries()) {
    const value = variant.selectedOptions.find((s) => s.name === option.name)?.value;
    const index = value === undefined ? -1 : option.values.indexOf(value);
    if (index < 0) return null;
    out[i] = index;
  }
  return out;
}

function leaves(values: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    parts.push(j > i ? `${values[i]}-${values[j]}` : String(values[i]));
    i = j + 1;
  }
  return parts.join(' ');
}

function encodeNode(node: Trie): string {
  const keys = [...node.children.keys()].sort((a, b) => a - b);
  const isLastLevel = keys.every((k) => node.children.get(k)!.children.size === 0);
  if (isLastLevel) return leaves(keys);
  return keys.map((k) => `${k}:${encodeNode(node.children.get(k)!)},`).join('');
}

/** The encoding of these variants of the product; an empty string when there are none. */
export function encodeVariants(product: ProductRecord, variants: readonly VariantRecord[]): string {
  const root: Trie = { children: new Map() };
  let any = false;
  for (const variant of variants) {
    const path = indices(product, variant);
    if (!path) continue;
    any = true;
    let node = root;
    for (const index of path) {
      let child = node.children.get(index);
      if (!child) {
        child = { children: new Map() };
        node.children.set(index, child);
      }
      node = child;
    }
  }
  return any ? `v1_${encodeNode(root)}` : '';
}

/** Variants whose options differ from `selected`'s in exactly one option, by id (Shopify's order). */
export function adjacentVariants(product: ProductRecord, selected: VariantRecord | null): VariantRecord[] {
  if (!selected) return [];
  return product.variants
    .filter((variant) => {
      if (variant.id === selected.id) return false;
      const differing = variant.selectedOptions.filter((o) => selected.selectedOptions.find((s) => s.name === o.name)?.value !== o.value);
      return differing.length === 1;
    })
    .sort((a, b) => a.id - b.id);
}

/** This value with the lowest-position values of the other options that exist (Shopify's definition). */
export function firstSelectableVariant(product: ProductRecord, optionIndex: number, value: string): VariantRecord | null {
  const option = product.options[optionIndex];
  if (!option) return null;
  const having = product.variants.filter((v) => v.selectedOptions.some((s) => s.name === option.name && s.value === value));
  return having[0] ?? null;
}
