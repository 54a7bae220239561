/**
 * When to poll a long-running operation: a pure schedule of poll times, measured from the
 * start of the wait, without jitter (each client polls its own operation, so there is no herd
 * to spread out, and a fixed schedule makes the notice delay predictable).
 *
 *   interval(t) = initial                                    for t < fastUntil
 *               = initial → cap, rising linearly with t      for fastUntil ≤ t < capFrom
 *               = cap                                        for t ≥ capFrom
 *
 * Why this shape, with the defaults (1 s, until 20 s, 3 s cap from 90 s):
 * - The delay between an operation finishing and our noticing it is at most the interval in
 *   force when it finishes. 20 polls a minute at the cap needs a cap of at least 3 s, so a
 *   worst notice delay under 2.5 s cannot hold for every build length; it holds where it
 *   matters most, for builds of the first minute, because the interval only reaches 2.5 s at
 *   about t = 72 s (it is 2.14 s at 60 s). After 90 s it is 3 s: 20 polls a minute, for as long
 *   as the wait lasts, so a 30-minute wait costs 630 requests instead of 1800 at 1 s (48 of
 *   them in the first minute).
 * - Most quick builds finish in the first 20 s, where a 1 s interval notices them within a
 *   second (median ≈ half the interval).
 * The bench (`npm run bench -- poll`) measures exactly this.
 */
export interface PollSchedule {
    /** Interval of the fast phase. */
    initialMs: number;
    /** End of the fast phase, from the start of the wait. */
    fastUntilMs: number;
    /** The interval once backed off. */
    capMs: number;
    /** When the interval reaches the cap, from the start of the wait. */
    capFromMs: number;
}
export declare const DEFAULT_POLL_SCHEDULE: Readonly<PollSchedule>;
/** The interval between a poll at `elapsedMs` (since the wait began) and the next one. */
export declare function pollInterval(elapsedMs: number, s?: PollSchedule): number;
/**
 * The offset (from the start of the wait) of the poll after one scheduled at `scheduledMs`,
 * never past the deadline offset `timeoutMs`: the last poll lands exactly on the deadline.
 * `minGapMs` after the previous poll returned (`returnedMs`) keeps a slow service from being
 * polled back to back.
 */
export declare function nextPollAt(scheduledMs: number, returnedMs: number, timeoutMs: number, s?: PollSchedule, minGapMs?: number): number;
/** Resolves a partial schedule, checking it is usable. */
export declare function resolvePollSchedule(partial?: Partial<PollSchedule>): PollSchedule;
