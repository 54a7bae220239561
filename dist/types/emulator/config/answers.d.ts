/**
 * The two answer sets. The API spec leaves some answers open ("not shown"); `contract` is how this
 * project settled them (docs/api.md) and stays the default; `documented` is how the platform's
 * public reference shows them. The action must work against both, so the tests run its flows
 * against each. Only the handlers listed in docs/emulator.md ("Answer sets") consult the choice.
 */
export declare const ANSWER_SETS: readonly ["contract", "documented"];
export type AnswerSet = (typeof ANSWER_SETS)[number];
/** Checks an answer set given as text; `label` names where it came from (`--answers`, `input "answers"`). */
export declare function parseAnswerSet(value: unknown, label: string): AnswerSet;
/** True when the emulator plays the platform's documented answers. */
export declare const playsDocumented: (options: {
    answers: AnswerSet;
}) => boolean;
