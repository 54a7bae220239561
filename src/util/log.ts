/**
 * The flow logs through this interface, so tests read what a user would see and main.ts wires
 * the runner's workflow commands. Secrets are masked by the runner (add-mask) and, as a second
 * line of defence, by `redact` before anything reaches a sink.
 */
export interface Logger {
  info(message: string): void;
  /** Worth seeing without being wrong: an annotation on the run (nothing to delete, run skipped). */
  notice(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** Runs `fn` inside a collapsible log group. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * A terminal draws progress in place (src/doors/cli/). A logger without it gets progress as the
   * occasional log line instead, which is what a runner's log wants.
   */
  progress?(event: ProgressEvent): void;
}

/** Where long work stands: the zip and the upload by bytes, the build by time. */
export type ProgressEvent =
  | {
      readonly activity: 'zipping' | 'uploading';
      readonly bytesDone: number;
      /** Infinity while unknown (an upload of a zip still being written). */
      readonly bytesTotal: number;
      /** Bytes per second since the start. */
      readonly rate: number;
      readonly elapsedMs: number;
    }
  | {
      readonly activity: 'building';
      /** What the last poll showed, e.g. `build 3f2a running`. */
      readonly state: string;
      readonly elapsedMs: number;
      readonly timeoutMs: number;
    };

/** A logger that keeps lines in memory: for tests and for composing the job summary. */
export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  info(m: string) {
    this.lines.push(m);
  }
  notice(m: string) {
    this.lines.push(`notice: ${m}`);
  }
  warning(m: string) {
    this.lines.push(`warning: ${m}`);
  }
  error(m: string) {
    this.lines.push(`error: ${m}`);
  }
  debug(m: string) {
    this.lines.push(`debug: ${m}`);
  }
  async group<T>(name: string, fn: () => Promise<T>): Promise<T> {
    this.lines.push(`::group::${name}`);
    try {
      return await fn();
    } finally {
      this.lines.push('::endgroup::');
    }
  }
}
