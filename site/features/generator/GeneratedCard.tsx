import { memo } from 'react';
import type { GeneratedProduct } from '../../../shared/generator/browser.ts';
import { formatAmount } from '../../../shared/common/index.ts';
import { Spinner } from '../shell/icons.tsx';
import { CrossCircleIcon, DownloadIcon, ExternalIcon, HourglassIcon } from './icons.tsx';

/** One generated product: its design (or where it stands), what it is, and its publish button. */

interface GeneratedCardProps {
  product: GeneratedProduct;
  shopName: string;
  /** Being published, or waiting its turn in Publish All Ready. */
  publishing: boolean;
  printUrl: string | undefined;
  onPublish(index: number): void;
}

function Media({ product }: { product: GeneratedProduct }) {
  if (product.imageUrl) {
    return (
      <img
        src={product.imageUrl}
        alt={`Design for ${product.name}: ${product.quote_primary}`}
        width={1024}
        height={1229}
        decoding="async"
      />
    );
  }
  if (product.status === 'generating') {
    return (
      <div className="gen-media-state">
        <Spinner size={32} />
        <span>Creating design...</span>
      </div>
    );
  }
  if (product.status === 'error') {
    return (
      <div className="gen-media-state gen-media-error">
        <CrossCircleIcon size={36} />
        <span>No design</span>
      </div>
    );
  }
  return (
    <div className="gen-media-state">
      <HourglassIcon size={32} />
      <span>Waiting for its turn</span>
    </div>
  );
}

function ActionButton({ product, shopName, publishing, onPublish }: Omit<GeneratedCardProps, 'printUrl'>) {
  if (product.status === 'published') {
    return (
      <button type="button" className="btn btn-ghost btn-block" disabled>
        View on {shopName}
      </button>
    );
  }
  if (publishing && product.status === 'generating') {
    return (
      <button type="button" className="btn btn-dark btn-block" disabled aria-busy="true">
        <Spinner />
        Publishing...
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-dark btn-block"
      disabled={product.status !== 'ready' || publishing}
      onClick={() => onPublish(product.index)}
    >
      Publish to {shopName}
    </button>
  );
}

export const GeneratedCard = memo(function GeneratedCard({ product, shopName, publishing, printUrl, onPublish }: GeneratedCardProps) {
  const titleId = `gen-product-${product.index}`;
  return (
    <article className="gen-card" data-status={product.status} aria-labelledby={titleId}>
      <div className="gen-card-media">
        <Media product={product} />
        {product.status === 'published' && <span className="gen-badge gen-badge-published">✓ Published</span>}
        {product.status === 'error' && <span className="gen-badge gen-badge-error">Error</span>}
      </div>
      <div className="card-body">
        <p className="gen-card-category">{product.category}</p>
        <h3 id={titleId} className="gen-card-title">
          {product.name}
        </h3>
        <p className="gen-card-quote">
          <em>“{product.quote_primary}”</em>
        </p>
        <p className="gen-card-price">${formatAmount(product.price)}</p>
        {product.error && <p className="gen-card-error">{product.error}</p>}
        <div className="gen-card-actions">
          <ActionButton product={product} shopName={shopName} publishing={publishing} onPublish={onPublish} />
          {(product.handle || printUrl) && (
            <div className="gen-card-links">
              {product.status === 'published' && product.handle && (
                <a href={`/product/${encodeURIComponent(product.handle)}`} target="_blank" rel="noopener">
                  View in the store
                  <ExternalIcon />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
              {printUrl && (
                <a href={printUrl} download>
                  <DownloadIcon />
                  Print file
                </a>
              )}
            </div>
          )}
        </div>
      </div>
    </article>
  );
});
