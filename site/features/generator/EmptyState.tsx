import { ShirtIcon } from './icons.tsx';

/** Shown when there are no products and nothing is running. */
export function EmptyState() {
  return (
    <div className="gen-empty">
      <div className="gen-empty-icon">
        <ShirtIcon />
      </div>
      <h2 className="gen-empty-title">Ready to Generate Products</h2>
      <p className="gen-empty-text">Configure your settings above and click Generate Products to create AI-powered t-shirt designs.</p>
    </div>
  );
}
