/**
 * The two answer sets. The API spec leaves some answers open ("not shown"); `contract` is how this
 * project settled them (docs/api.md) and stays the default; `documented` is how the platform's
 * public reference shows them. The action must work against both, so the tests run its flows
 * against each. Only the handlers listed in docs/emulator.md ("Answer sets") consult the choice.
 */
export const ANSWER_SETS = ['contract', 'documented'] as const;
export type AnswerSet = (typeof ANSWER_SETS)[number];

/** Checks an answer set given as text; `label` names where it came from (`--answers`, `input "answers"`). */
export function parseAnswerSet(value: unknown, label: string): AnswerSet {
  if (typeof value === 'string' && (ANSWER_SETS as readonly string[]).includes(value)) return value as AnswerSet;
  const got = typeof value === 'string' ? `"${value.slice(0, 64)}"` : typeof value;
  throw new Error(`${label}: unknown answer set ${got}; use ${ANSWER_SETS.join(' or ')}`);
}

/** True when the emulator plays the platform's documented answers. */
export const playsDocumented = (options: { answers: AnswerSet }): boolean => options.answers === 'documented';
