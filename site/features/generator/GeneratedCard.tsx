import { memo, useCallback, useState } from 'react';
import { formatAmount } from '../../../shared/common/index.ts';
import { Spinner } from '../shell/spinner.tsx';
import type { ProductAction, ProductEditBody, RunProductView } from './generator-api.ts';
import { EditForm } from './EditForm.tsx';
import { CrossCircleIcon, DownloadIcon, ExternalIcon, HourglassIcon, ShirtIcon } from './icons.tsx';
import { usePageLive } from './use-page-live.ts';

/** One generated product: its design (or where it stands), what it is, its publish button and its review actions. */

interface GeneratedCardProps {
  product: RunProductView;
  providerName: string;
  /** Being published (the server says so). */
  publishing: boolean;
  printUrl: string | undefined;
  onPublish(index: number): void;
  onAction(index: number, action: ProductAction): void;
  onEdit(index: number, edit: ProductEditBody): Promise<void>;
  /** Whether the product's page answers on the storefront yet (asked on the server). */
  pageLive(index: number, signal?: AbortSignal): Promise<boolean>;
}

function Media({ product }: { product: RunProductView }) {
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
  if (product.filesRemovedAt) {
    // Disk clean-up took the files (docs/behaviour/generator.md, "Disk hygiene"): say so, not a broken image.
    return (
      <div className="gen-media-state gen-media-removed">
        <ShirtIcon size={36} />
        <span>Design files removed by disk clean-up on {product.filesRemovedAt.slice(0, 10)}</span>
        <span className="gen-media-hint">{product.status === 'error' ? 'Retry' : 'Regenerate Design'} makes a new one</span>
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

function ActionButton({
  product,
  providerName,
  publishing,
  onPublish,
  pageLive,
}: Pick<GeneratedCardProps, 'product' | 'providerName' | 'publishing' | 'onPublish' | 'pageLive'>) {
  if (product.status === 'published') {
    return product.handle ? (
      <ProductPageLink key={product.handle} handle={product.handle} index={product.index} providerName={providerName} pageLive={pageLive} />
    ) : (
      <button type="button" className="btn btn-ghost btn-block" disabled>
        View on {providerName}
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
      disabled={product.status !== 'ready' || publishing || product.filesRemovedAt !== undefined}
      onClick={() => onPublish(product.index)}
    >
      Publish to {providerName}
    </button>
  );
}

/**
 * "View on {provider}" once published: a link to the product's page on the storefront, and until that
 * page answers (the rebuild that includes it has not landed yet) a line saying the product is going live.
 */
function ProductPageLink({
  handle,
  index,
  providerName,
  pageLive,
}: Pick<GeneratedCardProps, 'providerName' | 'pageLive'> & { handle: string; index: number }) {
  const href = `/product/${encodeURIComponent(handle)}`;
  const live = usePageLive(useCallback((signal: AbortSignal) => pageLive(index, signal), [pageLive, index]));
  return (
    <>
      <a className="btn btn-ghost btn-block" href={href} target="_blank" rel="noopener">
        View on {providerName}
        <ExternalIcon />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <p className="gen-card-live" role="status">
        {live ? '' : 'Going live: the store is being rebuilt with this product.'}
      </p>
    </>
  );
}

/**
 * The review gate: Edit, Regenerate Design, Discard and Retry, as far as the product's state allows. A
 * partly published product cannot be changed (the shop already has it as it was): Retry, or Publish,
 * finishes it instead.
 */
function ReviewActions({
  product,
  onAction,
  onEditing,
}: {
  product: RunProductView;
  onAction: GeneratedCardProps['onAction'];
  onEditing(): void;
}) {
  if (product.status === 'published' || product.status === 'generating') return null;
  return (
    <div className="gen-card-review">
      {product.status === 'error' && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onAction(product.index, 'retry')}>
          Retry
        </button>
      )}
      {!product.partlyPublished && (
        <button type="button" className="btn btn-ghost btn-small" onClick={onEditing}>
          Edit
        </button>
      )}
      {product.status === 'ready' && !product.partlyPublished && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onAction(product.index, 'regenerate')}>
          Regenerate Design
        </button>
      )}
      <button type="button" className="btn btn-ghost btn-small" onClick={() => onAction(product.index, 'discard')}>
        Discard
      </button>
    </div>
  );
}

export const GeneratedCard = memo(function GeneratedCard({
  product,
  providerName,
  publishing,
  printUrl,
  onPublish,
  onAction,
  onEdit,
  pageLive,
}: GeneratedCardProps) {
  const titleId = `gen-product-${product.index}`;
  const [editing, setEditing] = useState(false);
  const canEdit = product.status !== 'published' && product.status !== 'generating' && !product.partlyPublished;
  return (
    <article className="gen-card" data-status={product.status} aria-labelledby={titleId}>
      <div className="gen-card-media">
        <Media product={product} />
        {product.status === 'published' && <span className="gen-badge gen-badge-published">✓ Published</span>}
        {product.status === 'error' && <span className="gen-badge gen-badge-error">Error</span>}
      </div>
      {editing && canEdit ? (
        <div className="card-body">
          <EditForm
            product={product}
            onCancel={() => setEditing(false)}
            onSave={async (edit) => {
              await onEdit(product.index, edit);
              setEditing(false);
            }}
          />
        </div>
      ) : (
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
            <ActionButton product={product} providerName={providerName} publishing={publishing} onPublish={onPublish} pageLive={pageLive} />
            {printUrl && (
              <div className="gen-card-links">
                <a href={printUrl} download>
                  <DownloadIcon />
                  Print file
                </a>
              </div>
            )}
            <ReviewActions product={product} onAction={onAction} onEditing={() => setEditing(true)} />
          </div>
        </div>
      )}
    </article>
  );
});
