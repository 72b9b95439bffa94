import type OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { ConceptsAnswerSchema, conceptsWireAnswer, describeIssues } from '../../concept-schema.ts';
import type { Concept, ConceptProvider } from '../../types.ts';
import { checkProductCount } from '../../../limits/index.ts';
import { OPENAI_DEFAULTS, createOpenAIClient, type OpenAISettings } from './client.ts';
import { systemPrompt, userPrompt } from './concept-prompt.ts';
import { OpenAIProviderError, scrub, toOpenAIError, type FailureContext } from './errors.ts';

/**
 * Concepts from an OpenAI chat model (or any OpenAI-compatible server at OPENAI_BASE_URL) as
 * structured output: `chat.completions.parse` with the concept schema as the response format, then
 * our own validation with the bounds the designs and the shop need.
 */

export interface OpenAIConceptOptions extends OpenAISettings {
  /** A ready client (tests, shared pools); built from the settings otherwise. */
  client?: OpenAI;
}

const TASK = 'product concepts';

export function createOpenAIConceptProvider(options: OpenAIConceptOptions): ConceptProvider {
  const timeoutMs = options.timeoutMs ?? OPENAI_DEFAULTS.conceptTimeoutMs;
  const maxRetries = options.maxRetries ?? OPENAI_DEFAULTS.maxRetries;
  const client = options.client ?? createOpenAIClient(options, timeoutMs);
  const ctx: FailureContext = { task: TASK, model: options.model, timeoutMs, maxRetries, apiKey: options.apiKey };

  return {
    async generateConcepts(request, signal): Promise<Concept[]> {
      const count = checkProductCount(request.productCount);
      let completion;
      try {
        completion = await client.chat.completions.parse(
          {
            model: options.model,
            messages: [
              { role: 'system', content: systemPrompt(request.brand) },
              { role: 'user', content: userPrompt({ count, theme: request.theme, brand: request.brand, guidelines: request.guidelines }) },
            ],
            response_format: zodResponseFormat(conceptsWireAnswer(count), 'product_concepts'),
          },
          { signal, timeout: timeoutMs, maxRetries },
        );
      } catch (error) {
        throw toOpenAIError(error, ctx);
      }

      const message = completion.choices[0]?.message;
      if (!message) throw new OpenAIProviderError('invalid-output', `OpenAI returned no answer for ${TASK}`);
      if (message.refusal) {
        throw new OpenAIProviderError('refusal', `OpenAI declined to write ${TASK}: "${scrub(message.refusal, options.apiKey)}"`);
      }
      if (!message.parsed) throw new OpenAIProviderError('invalid-output', `OpenAI returned an empty answer for ${TASK}`);

      const got = message.parsed.products.length;
      if (got !== count) {
        throw new OpenAIProviderError(
          'invalid-output',
          `OpenAI returned ${got} product${got === 1 ? '' : 's'} instead of the ${count} asked for`,
        );
      }
      const checked = ConceptsAnswerSchema.safeParse(message.parsed);
      if (!checked.success) {
        throw new OpenAIProviderError('invalid-output', `OpenAI's answer did not pass validation: ${describeIssues(checked.error)}`);
      }
      return checked.data.products;
    },
  };
}
