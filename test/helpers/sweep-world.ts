/**
 * A world for the sweep's tests: app `shop` with previews whose pull requests are in every
 * state GitHub can answer (open, closed, merged, a number GitHub knows no pull request by, 500,
 * 403 without permission, a secondary rate limit first), names that are prefixes of each other
 * (`pr-1`, `pr-12`, `pr-123`), names that match the pattern but carry no number (`pr-feature`;
 * `pr-2025-launch`, though GitHub has a closed pull request 2025), `staging` outside the
 * pattern, and enough other environments that the previews span two pages of the list (100 a
 * page). Ids are of both shapes the service makes (8 hex characters and uuids). The integration
 * and action tests arrange the same world: the emulator from `sweepSeed`, GitHub with
 * `arrangeGithub`.
 */
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { SECONDARY_RATE_LIMIT, type FakeAnswer, type FakeGithub, type FakePull } from '../../scripts/fake-github.js';

export const APP = 'shop';

/** How GitHub answers for a pull request: a state, or a scripted refusal (then, maybe, a state). */
export interface PullFacts {
  readonly pull?: FakePull;
  readonly answer?: FakeAnswer;
}

export interface Preview {
  readonly displayName: string;
  readonly id: string;
  readonly number: number | null;
  readonly github: PullFacts;
  /** What the sweep must do with it. */
  readonly expect: 'deleted' | 'kept';
}

const closed = (number: number, merged = false): PullFacts => ({ pull: { number, state: 'closed', merged } });
const open = (number: number): PullFacts => ({ pull: { number, state: 'open' } });

/** Page one holds the first 100 environments; these previews come before the fillers. */
export const EARLY: readonly Preview[] = [
  { displayName: 'pr-1', id: 'a1b2c3d4-0000-4000-8000-000000000001', number: 1, github: closed(1), expect: 'deleted' },
  { displayName: 'pr-12', id: 'b2c3d4e5', number: 12, github: open(12), expect: 'kept' },
  // GitHub answers 404 for 7: an issue's number, say. Only closed and merged delete.
  { displayName: 'pr-7', id: 'c3d4e5f6', number: 7, github: {}, expect: 'kept' },
  {
    displayName: 'pr-9',
    id: 'd4e5f6a7',
    number: 9,
    github: { answer: { status: 403, message: 'Resource not accessible by integration' }, pull: closed(9).pull },
    expect: 'kept',
  },
];

/** After the fillers, on page two. */
export const LATE: readonly Preview[] = [
  {
    displayName: 'pr-123',
    id: 'e5f6a7b8-0000-4000-8000-000000000123',
    number: 123,
    github: closed(123, true),
    expect: 'deleted',
  },
  {
    displayName: 'pr-10',
    id: 'f6a7b8c9',
    number: 10,
    github: { answer: { ...SECONDARY_RATE_LIMIT }, pull: closed(10).pull },
    expect: 'deleted',
  },
  // Its digits are not the whole of pr-{number}: never read as pull request 2025, closed as it is.
  { displayName: 'pr-2025-launch', id: 'a7b8c9d0', number: null, github: closed(2025), expect: 'kept' },
  { displayName: 'pr-feature', id: 'b8c9d0e1', number: null, github: {}, expect: 'kept' },
];

/** A pull request GitHub answers 500 for, every time: kept after the retries (slow: ~7 s of backoff). */
export const FAILING: Preview = {
  displayName: 'pr-8',
  id: 'c9d0e1f2',
  number: 8,
  github: { answer: { status: 500, message: 'Server Error' }, pull: closed(8).pull },
  expect: 'kept',
};

export const FILLERS = 110;

export interface WorldOptions {
  early?: readonly Preview[];
  late?: readonly Preview[];
  /** Environments outside the pattern between the two groups; default FILLERS. */
  fillers?: number;
}

/** The previews of a world, in list order. */
export function previewsOf(o: WorldOptions = {}): Preview[] {
  return [...(o.early ?? EARLY), ...(o.late ?? LATE)];
}

export function sweepSeed(o: WorldOptions = {}): Seed {
  const env = (p: Preview) => ({ id: p.id, displayName: p.displayName });
  const fillers = Array.from({ length: o.fillers ?? FILLERS }, (_, i) => ({
    displayName: `feature-${String(i).padStart(3, '0')}`,
  }));
  return {
    ...defaultSeed,
    headless: {
      accounts: ['demo'],
      apps: [
        {
          account: 'demo',
          appId: APP,
          environments: [
            ...(o.early ?? EARLY).map(env),
            { id: '0a0b0c0d', displayName: 'staging' },
            ...fillers,
            ...(o.late ?? LATE).map(env),
          ],
        },
      ],
    },
  };
}

/** Gives the fake GitHub the pull requests (and scripted answers) of these previews. */
export function arrangeGithub(github: FakeGithub, previews: readonly Preview[]): void {
  for (const { github: facts } of previews) {
    const pull = facts.pull;
    if (pull && !github.pulls.some((x) => x.number === pull.number)) github.pulls.push({ ...pull });
    if (pull && facts.answer) github.pullAnswers.set(pull.number, { ...facts.answer });
  }
}

export const names = (previews: readonly Preview[], outcome: Preview['expect']) =>
  previews.filter((p) => p.expect === outcome).map((p) => p.displayName);
