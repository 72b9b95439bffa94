import { fetch, FormData, type Dispatcher } from 'undici';
import { ShopifyPublishError, tidy, type PublishStep } from './errors.ts';

/**
 * The second half of a staged upload: a multipart POST of the PNG to the storage URL Shopify gave
 * out, with its signed parameters first and the file last (the order the storage service expects).
 * The Admin token is not sent there: that URL belongs to the storage service, not the shop.
 */

export interface StagedTarget {
  url: string;
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

export async function uploadToStagedTarget(
  target: StagedTarget,
  file: { bytes: Uint8Array; filename: string; mimeType: string },
  options: { dispatcher?: Dispatcher; signal?: AbortSignal | undefined; timeoutMs: number; step?: PublishStep },
): Promise<void> {
  const step = options.step ?? 'image upload';
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.filename);

  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
    : AbortSignal.timeout(options.timeoutMs);
  let response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      body: form,
      signal,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const code = error instanceof Error ? ((error.cause as { code?: unknown } | undefined)?.code ?? error.message) : String(error);
    throw new ShopifyPublishError(
      step,
      timedOut ? 'timeout' : 'network',
      timedOut
        ? `the storage service did not answer within ${options.timeoutMs} ms`
        : `could not reach the storage service (${String(code)})`,
      { cause: error },
    );
  }
  if (response.status < 200 || response.status > 299) {
    const body = tidy((await response.text()).replace(/<[^>]*>/g, ' '));
    throw new ShopifyPublishError(step, 'http', `the storage service answered HTTP ${response.status}${body ? ` (${body})` : ''}`, {
      status: response.status,
    });
  }
  await response.arrayBuffer();
}
