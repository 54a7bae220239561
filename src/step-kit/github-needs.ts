/** The GitHub options a step may take (`github-deployment`, `pr-comment`) both need `github-token`. */
import type { InputReader } from '../inputs/input-reader.js';

export function githubNeeds(input: InputReader): { input: string; by: string }[] {
  return ['github-deployment', 'pr-comment']
    .filter((option) => input.bool(option))
    .map((option) => ({ input: 'github-token', by: option }));
}
