/** Starts the emulator for the headless tests on a virtual clock: time moves only when a test moves it. */
import { VirtualClock } from '../../../src/util/clock.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/index.js';

export function startHeadless(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ clock: new VirtualClock(), ...options });
}

/** Runs `use` against an emulator started for it alone (on the virtual clock), and closes it after. */
export async function withEmulator<T>(options: EmulatorOptions, use: (emu: RunningEmulator) => Promise<T>): Promise<T> {
  const emu = await startHeadless(options);
  try {
    return await use(emu);
  } finally {
    await emu.close();
  }
}
