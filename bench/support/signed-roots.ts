/**
 * Decision 179's change of the head's input, measured by bench/vision-head-finalists.ts and not shipped: each part
 * of the head features (HEAD_PART_WIDTHS, the colours the rest) taken as sign(x)·√|x|, figure by figure, then of
 * length 1 again.
 */
import { blockFeatures, HEAD_PART_WIDTHS } from "~/domain/vision-head";

export function signedRoots(features: Float32Array): Float32Array {
  const roots = features.map((value) => Math.sign(value) * Math.sqrt(Math.abs(value)));
  const colours = features.length - HEAD_PART_WIDTHS.reduce((sum, width) => sum + width, 0);
  const widths = [...HEAD_PART_WIDTHS, colours];
  const everyPart = widths.map((_, part) => part);
  return blockFeatures(roots, widths, everyPart);
}
