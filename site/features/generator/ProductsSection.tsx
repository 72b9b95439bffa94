import { useCallback } from 'react';
import type { GeneratedProduct } from '../../../shared/generator/browser.ts';
import { Spinner } from '../shell/icons.tsx';
import { GeneratedCard } from './GeneratedCard.tsx';

/** 'Generated Products (count)' with Publish All Ready, and the grid of cards (1, 2 or 3 columns). */

interface ProductsSectionProps {
  products: readonly GeneratedProduct[];
  running: boolean;
  publishing: readonly number[];
  shopName: string;
  printUrlOf(imageUrl: string): string | undefined;
  onPublish(indices?: readonly number[]): void;
}

export function ProductsSection({ products, running, publishing, shopName, printUrlOf, onPublish }: ProductsSectionProps) {
  const busy = new Set(publishing);
  const ready = products.filter((p) => p.status === 'ready' && !busy.has(p.index));
  const published = products.filter((p) => p.status === 'published').length;
  const publishOne = useCallback((index: number) => onPublish([index]), [onPublish]);

  return (
    <section className="gen-products" aria-labelledby="gen-products-title">
      <div className="gen-products-head">
        <div>
          <h2 id="gen-products-title" className="gen-section-title">
            Generated Products ({products.length})
          </h2>
          {published > 0 && (
            <p className="gen-live-note">Published products appear in the store once it has rebuilt, usually within a minute.</p>
          )}
        </div>
        <button type="button" className="btn btn-primary" disabled={ready.length === 0} onClick={() => onPublish()}>
          {busy.size > 0 ? <Spinner /> : null}
          Publish All Ready
        </button>
      </div>
      {products.length === 0 && running ? (
        <div className="gen-thinking">
          <Spinner size={28} />
          <span>Coming up with product ideas...</span>
        </div>
      ) : (
        // biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics from a list styled without markers
        <ul className="grid gen-grid" role="list">
          {products.map((product) => (
            <li key={product.index}>
              <GeneratedCard
                product={product}
                shopName={shopName}
                publishing={busy.has(product.index)}
                printUrl={product.imageUrl ? printUrlOf(product.imageUrl) : undefined}
                onPublish={publishOne}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
