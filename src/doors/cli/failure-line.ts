/**
 * The run's failure, said once. The flow logs a step's failure where it happens (`deploy failed:
 * …`, the last line of the step's log group, which the action's log keeps), and the run's end
 * repeats it with what had been done, for the action's error annotation. On a terminal that is
 * the same line twice. Here a line that starts with a step's name is held until the next line;
 * when the run ends on that failure, only the end is written, as `error: …`, the line a user
 * greps for. Anything else logged in between writes the held line first, so the order stays.
 */
import type { Logger } from '../../util/log.js';

export interface FailureLine {
  /** An info line: held when it may be a step's failure, else written. */
  info(message: string): void;
  /** Writes the held line, if any: called before every other line and before the program exits. */
  flush(): void;
  /** The run is over: its failure once, as an error line (with the held line when it was that). */
  end(error: string | undefined): void;
}

export function failureLine(log: Pick<Logger, 'info' | 'error'>, stepNames: readonly string[]): FailureLine {
  let held: string | null = null;
  const flush = () => {
    if (held === null) return;
    const line = held;
    held = null;
    log.info(line);
  };
  return {
    info(message) {
      flush();
      if (stepNames.some((name) => message.startsWith(`${name} `))) held = message;
      else log.info(message);
    },
    flush,
    end(error) {
      // The end is the failure the held line said, with the recap after it: say it once.
      if (error !== undefined && held !== null && (error === held || error.startsWith(`${held}\n`))) held = null;
      flush();
      if (error !== undefined) log.error(error);
    },
  };
}
