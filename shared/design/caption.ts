/** Small captions (product name, window title): shrunk to fit, then shortened with an ellipsis if still too long. */
import { MIN_CAPTION_SIZE } from './canvas.ts';
import { fitBlock, type BlockSpec, type FittedBlock } from './fit.ts';
import { paragraphOf } from './lines.ts';
import type { TextStyle } from './measure.ts';
import { graphemeClusters } from './text.ts';

export interface CaptionSpec {
  width: number;
  maxSize: number;
  maxLines: number;
  lineHeight: number;
  align: BlockSpec['align'];
}

/** The caption block; a caption is decoration, so a too-long one is cut rather than made illegible. */
export function fitCaption(text: string, style: TextStyle, spec: CaptionSpec): FittedBlock {
  const blockSpec: BlockSpec = {
    width: spec.width,
    height: spec.maxSize * (spec.lineHeight * (spec.maxLines - 1) + 1.2),
    minSize: MIN_CAPTION_SIZE,
    maxSize: spec.maxSize,
    lineHeight: spec.lineHeight,
    align: spec.align,
    maxLines: spec.maxLines,
  };
  const whole = fitBlock(paragraphOf(text, style), blockSpec);
  if (whole) return whole;
  const clusters = graphemeClusters(text);
  let low = 0;
  let high = clusters.length - 1;
  let best: FittedBlock | undefined;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const block = fitBlock(paragraphOf(`${clusters.slice(0, mid).join('').trimEnd()}…`, style), blockSpec);
    if (block) {
      best = block;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (!best) throw new Error(`Caption cannot fit ${Math.round(spec.width)} px even as an ellipsis.`);
  return best;
}
