import { useCallback } from 'react';
import { Spinner } from '../shell/spinner.tsx';
import type { ProductAction, ProductEditBody, RunProductView } from './generator-api.ts';
import { GeneratedCard } from './GeneratedCard.tsx';

/** 'Generated Products (count)' with Publish All Ready, and the grid of cards (1, 2 or 3 columns). */

interface ProductsSectionProps {
  products: readonly RunProductView[];
  running: boolean;
  providerName: string;
  onPublish(indices?: readonly number[]): void;
  onAction(index: number, action: ProductAction): void;
  onEdit(index: number, edit: ProductEditBody): Promise<void>;
  pageLive(index: number, signal?: AbortSignal): Promise<boolean>;
}

export function ProductsSection({ products, running, providerName, onPublish, onAction, onEdit, pageLive }: ProductsSectionProps) {
  // A ready product whose design files disk clean-up removed has nothing to publish.
  const ready = products.filter((p) => p.status === 'ready' && p.filesRemovedAt === undefined);
  const publishing = products.some((p) => p.activity === 'publish');
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
          {publishing ? <Spinner /> : null}
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
                providerName={providerName}
                publishing={product.activity === 'publish'}
                printUrl={product.printUrl}
                onPublish={publishOne}
                onAction={onAction}
                onEdit={onEdit}
                pageLive={pageLive}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
