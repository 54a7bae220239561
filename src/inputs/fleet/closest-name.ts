/** A did-you-mean tail for the fleet file's messages. */
import { didYouMean } from '../../util/did-you-mean.js';

/** `: did you mean "x"?` or nothing. */
export function didYouMeanTail(wanted: string, known: Iterable<string>): string {
  const near = didYouMean(wanted, known);
  return near === null ? '' : `: did you mean "${near}"?`;
}
