import { renderProductImageFromDesign } from '../../design/index.ts';
import { fileSlug } from './designs/directory-store.ts';

/**
 * The images a published product carries: first the t-shirt photo (the storefront's card and page
 * image, like the seed catalogue's), then the design itself for a close look.
 */

export interface ProductImageFile {
  bytes: Uint8Array;
  filename: string;
  altText: string;
}

export async function productImagesFor(name: string, designPng: Uint8Array): Promise<ProductImageFile[]> {
  const photo = await renderProductImageFromDesign(designPng, { title: name });
  const slug = fileSlug(name);
  return [
    { bytes: photo, filename: `${slug}.png`, altText: `${name} t-shirt` },
    { bytes: designPng, filename: `${slug}-design.png`, altText: `${name} design` },
  ];
}
