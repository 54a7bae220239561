/**
 * Which build is this deploy's, in-process against the emulator under both answer sets: every
 * upload's operation is `…/operations/no_build` ("the environment's latest"), so a later upload
 * to the same environment shows its build there. A deploy overtaken while it waits ends
 * `superseded`; one that finds a build in flight does what `when-busy` says; one that still sees
 * the build from before its upload waits for its own; `wait: false` names its build when it can.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_SETS } from '../../emulator/config/answers.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { PREVIEWS, previewSeed } from '../helpers/preview-seed.js';
import type { Steer } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const BUILD_S = 60;
const ENV = `accounts/demo/apps/shop/environments/${PREVIEWS.staging.id}`;
const LATEST = `GET /headless/v1/${ENV}/operations/no_build`;
const UPLOAD = `POST /headless/fu/v1/${ENV}:upload`;
const BUILD = new RegExp(`^${ENV}/builds/[0-9a-f]{8}$`);

describe.each(ANSWER_SETS)('which build is this deploy’s (answers: %s)', (answers) => {
  const f = useFlow(
    { seed: previewSeed, buildSeconds: BUILD_S, answers },
    { inputs: () => ({ app: 'shop', environment: 'staging' }), files: APP_FILES },
  );
  const uploads = () => f.routes().filter((r) => r === UPLOAD).length;
  /** Upload A without waiting: its build is running when the test goes on. */
  async function inFlight() {
    const a = await f.run({ wait: 'false' });
    expect([a.report.status, a.out.build]).toEqual(['started', expect.stringMatching(BUILD)]);
    return a.out.build!;
  }

  it('nothing in flight (the latest operation answers 404): looks once, uploads, follows its own build', async () => {
    const { report, out } = await f.run();
    expect(report.status).toBe('success');
    expect(f.routes().slice(0, f.routes().indexOf(UPLOAD))).toContain(LATEST);
    expect(out.build).toMatch(BUILD);
    expect(out.operation).toMatch(new RegExp(`^${ENV}/operations/[0-9a-f]{12}$`));
  });

  it('wait: false names the operation and its build, so a later wait can be given both', async () => {
    const { out, lines } = await f.run({ wait: 'false' });
    expect(out.operation).toMatch(new RegExp(`^${ENV}/operations/`));
    expect(out.build).toMatch(BUILD);
    expect(lines.some((l) => l.includes('"operation" and "build" inputs'))).toBe(true);
  });

  it('wait: false with no build named within 60 s: started, the operation set, a warning that a later wait cannot tell', async () => {
    f.steered.steer(LATEST, async (real) => {
      const answer = await real();
      if (answer.status !== 200) return answer;
      const op = JSON.parse(String(answer.body)) as { name: string; metadata: { build: string } };
      op.name = `${ENV}/operations/no_build`;
      op.metadata.build = `${ENV}/builds/no_build`;
      return { ...answer, body: JSON.stringify(op) };
    });
    const started = f.clock.now();
    const { report, out, warnings } = await f.run({ wait: 'false' });
    expect(report.status).toBe('started');
    expect(f.clock.now() - started).toBeGreaterThanOrEqual(60_000);
    expect(out.build).toBeUndefined();
    expect(out.operation).toBe(`${ENV}/operations/no_build`);
    expect(warnings.join('\n')).toMatch(/cannot tell this upload's build from a newer upload's/);
  });

  it.each([
    ['fail', 'busy', 1],
    ['upload', 'success', 2],
    ['wait', 'success', 2],
  ])('a build in flight, when-busy: %s: %s, %i upload(s)', async (whenBusy, status, count) => {
    const a = await inFlight();
    const aDone = f.emulator.state.operations.at(-1)!.doneAt;
    let uploadedAt: number | null = null;
    f.steered.steer(UPLOAD, async (real) => {
      uploadedAt = f.clock.now();
      return real();
    });
    const b = await f.run({ 'when-busy': whenBusy });
    expect([b.report.status, b.out.status, uploads()]).toEqual([status, status, count]);
    if (whenBusy === 'fail') {
      expect(b.firstLine).toMatch(
        /is busy: its latest operation .* is not done; when-busy is fail, so nothing was uploaded/,
      );
      return;
    }
    expect(b.out.build).toMatch(BUILD);
    expect(b.out.build).not.toBe(a);
    // Waiting means the upload came once A's build was done; uploading at once, before.
    if (whenBusy === 'wait') expect(uploadedAt).toBeGreaterThanOrEqual(aDone);
    else expect(uploadedAt).toBeLessThan(aDone);
  });

  it('overtaken while it waits (a later upload took the operation over): superseded, naming both builds, not rolled back', async () => {
    let b: string | undefined;
    const overtake: Steer = async (real) => {
      const answer = await real();
      if (b === undefined && BUILD.test(String(answer.body).match(/"build":"([^"]+)"/)?.[1] ?? '')) {
        b = 'pending';
        b = (await f.run({ wait: 'false', 'when-busy': 'upload' })).out.build;
      }
      return answer;
    };
    f.steered.steer(LATEST, overtake);
    const a = await f.run({ 'rollback-on-failure': 'false' });
    expect([a.report.status, a.out.status]).toEqual(['superseded', 'superseded']);
    expect(b).toMatch(BUILD);
    expect(a.out.build).toMatch(BUILD);
    expect(a.out.build).not.toBe(b);
    expect(a.firstLine).toContain(`shows build ${b}, not build ${a.out.build}`);
    expect(a.out.deployment).toBeUndefined();
  });

  it('the build from before its upload still shown, done: not taken for its own; it waits for its own', async () => {
    const first = await f.run();
    f.clock.advance(BUILD_S * 2000);
    const earlier = first.out.build!;
    // The first two polls after the upload still answer the earlier, done operation.
    let stale = 0;
    let previous: string | null = null;
    f.steered.steer(LATEST, async (real) => {
      const answer = await real();
      if (previous === null) previous = String(answer.body);
      else if (stale < 2) {
        stale++;
        return { ...answer, body: previous };
      }
      return answer;
    });
    const { report, out } = await f.run();
    expect(stale).toBe(2);
    expect(report.status).toBe('success');
    expect(out.build).toMatch(BUILD);
    expect(out.build).not.toBe(earlier);
  });
});
