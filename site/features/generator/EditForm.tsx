import { useId, useState, type SubmitEvent } from 'react';
import { Spinner } from '../shell/spinner.tsx';
import { GeneratorApiError, type ProductEditBody, type RunProductView } from './generator-api.ts';

/**
 * A card's Edit (docs/behaviour/generator.md, "Review"): name, quote, description, price and category,
 * saved at once on the server with the limits of generation; a refused field shows the server's own
 * message under it. The limits below only stop typing past them (the server decides).
 */

const FIELDS = [
  { key: 'name', label: 'Name', max: 80 },
  { key: 'quote_primary', label: 'Quote', max: 200 },
  { key: 'description', label: 'Description', max: 600 },
  { key: 'price', label: 'Price ($)', max: 10 },
  { key: 'category', label: 'Category', max: 40 },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'];

/** The server's "name must not be empty; price must be more than 0" as a message per field. */
export function fieldMessages(message: string): { byField: Partial<Record<FieldKey, string>>; other: string[] } {
  const byField: Partial<Record<FieldKey, string>> = {};
  const other: string[] = [];
  for (const part of message.split('; ')) {
    const field = FIELDS.find((f) => part.startsWith(`${f.key} `));
    if (field && !byField[field.key]) byField[field.key] = part;
    else other.push(part);
  }
  return { byField, other };
}

interface EditFormProps {
  product: RunProductView;
  onSave(edit: ProductEditBody): Promise<void>;
  onCancel(): void;
}

export function EditForm({ product, onSave, onCancel }: EditFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<FieldKey, string>>({
    name: product.name,
    quote_primary: product.quote_primary,
    description: product.description,
    price: product.price.toFixed(2),
    category: product.category,
  });
  const [errors, setErrors] = useState<{ byField: Partial<Record<FieldKey, string>>; other: string[] }>({ byField: {}, other: [] });
  const [saving, setSaving] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const edit: ProductEditBody = {};
    if (values.name !== product.name) edit.name = values.name;
    if (values.quote_primary !== product.quote_primary) edit.quote_primary = values.quote_primary;
    if (values.description !== product.description) edit.description = values.description;
    if (values.category !== product.category) edit.category = values.category;
    if (values.price !== product.price.toFixed(2)) {
      const price = Number(values.price.trim());
      if (values.price.trim() === '' || !Number.isFinite(price)) {
        setErrors({ byField: { price: 'price must be a number' }, other: [] });
        return;
      }
      edit.price = price;
    }
    if (Object.keys(edit).length === 0) return onCancel();
    setSaving(true);
    try {
      await onSave(edit);
    } catch (error) {
      setErrors(
        error instanceof GeneratorApiError && error.status === 400
          ? fieldMessages(error.message)
          : { byField: {}, other: [error instanceof Error ? error.message : String(error)] },
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="gen-edit" onSubmit={submit} aria-label={`Edit ${product.name}`} noValidate>
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.key}`;
        const error = errors.byField[field.key];
        const common = {
          id: inputId,
          name: field.key,
          value: values[field.key],
          disabled: saving,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
        };
        return (
          <div className="gen-field" key={field.key}>
            <label htmlFor={inputId}>{field.label}</label>
            {field.key === 'description' || field.key === 'quote_primary' ? (
              <textarea
                {...common}
                rows={field.key === 'description' ? 4 : 2}
                maxLength={field.max}
                onChange={(event) => setValues((v) => ({ ...v, [field.key]: event.target.value }))}
              />
            ) : (
              <input
                {...common}
                type="text"
                inputMode={field.key === 'price' ? 'decimal' : undefined}
                maxLength={field.max}
                onChange={(event) => setValues((v) => ({ ...v, [field.key]: event.target.value }))}
              />
            )}
            {error && (
              <p id={`${inputId}-error`} className="gen-field-error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {errors.other.map((message) => (
        <p key={message} className="gen-field-error" role="alert">
          {message}
        </p>
      ))}
      <div className="gen-edit-actions">
        <button type="submit" className="btn btn-dark" disabled={saving}>
          {saving ? <Spinner /> : null}
          Save
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
