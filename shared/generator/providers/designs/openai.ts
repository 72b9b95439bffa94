import { renderDesign } from '../../../design/index.ts';
import type { DesignProvider, DesignResult } from '../../types.ts';
import type { ArtworkClient } from '../openai/artwork.ts';
import { saveRendered, type DesignStore } from './store.ts';

/**
 * Designs with artwork from an image model: the model draws a picture (no text), our renderer sets
 * the quote in real fonts and composes both into the print file, and the store keeps the result.
 */

export interface ArtworkDesignOptions {
  artwork: ArtworkClient;
  store: DesignStore;
  print?: boolean;
}

export function createArtworkDesignProvider(options: ArtworkDesignOptions): DesignProvider {
  return {
    async generateDesign(request, signal): Promise<DesignResult> {
      const artwork = await options.artwork.generateArtwork(
        { productName: request.productName, quote: request.quote, category: request.category, colors: request.colors },
        signal,
      );
      signal?.throwIfAborted();
      const rendered = await renderDesign(
        { quote: request.quote, title: request.productName, colors: request.colors, artwork },
        { print: options.print ?? true },
      );
      return saveRendered(options.store, request.productName, rendered, signal);
    },
  };
}
