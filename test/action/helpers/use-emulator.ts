/**
 * One emulator per test file: started before the file's tests, reset before each, closed (with
 * the file's temp workspaces removed) after. The returned object stands for the running emulator,
 * so tests read `emulator.state` as if they held it themselves.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/index.js';
import { removeWorkspaces } from './workspace.js';

export function useEmulator(options: EmulatorOptions = {}): RunningEmulator {
  let running: RunningEmulator | undefined;
  beforeAll(async () => {
    running = await startEmulator({ port: 0, ...options });
  });
  afterAll(async () => {
    await running?.close();
    removeWorkspaces();
  });
  beforeEach(() => running!.reset());
  return new Proxy({} as RunningEmulator, {
    get(_target, key) {
      if (!running) throw new Error('the emulator is used before beforeAll started it');
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
