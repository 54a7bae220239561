/** Starts the emulator for the headless tests on a virtual clock: time moves only when a test moves it. */
import { VirtualClock } from '../../../src/util/clock.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/index.js';

export function startHeadless(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ clock: new VirtualClock(), ...options });
}
