import type { ConceptProvider, DesignProvider, Publisher } from '../../../shared/generator/browser.ts';
import type { GeneratorApi } from './generator-api.ts';

/**
 * The pipeline's providers for the /generator page: each one a call to the server's API, so the
 * browser runs the same pipeline as the CLI while the server does the work. The print file's URL
 * is remembered by preview URL, for the card's download link.
 */

export interface ApiProviders {
  concepts: ConceptProvider;
  designs: DesignProvider;
  publisher: Publisher;
  /** The print file of a design, by its preview URL. */
  printUrlOf(imageUrl: string): string | undefined;
}

export function createApiProviders(api: GeneratorApi, shopName: string): ApiProviders {
  const printFiles = new Map<string, string>();
  return {
    concepts: { generateConcepts: (request, signal) => api.concepts(request, signal) },
    designs: {
      async generateDesign(request, signal) {
        const { imageUrl, printUrl } = await api.design(request, signal);
        if (printUrl) printFiles.set(imageUrl, printUrl);
        return { imageUrl };
      },
    },
    publisher: { shopName, publish: (product, signal) => api.publish(product, signal) },
    printUrlOf: (imageUrl) => printFiles.get(imageUrl),
  };
}
