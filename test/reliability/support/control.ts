/** The emulator's control routes (never faulted), as the suites use them (webhooks: test/action/helpers/emulator.ts). */

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`control route answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function setFaults(emulatorUrl: string, faults: string, latencyMs: number): Promise<void> {
  await json(
    await fetch(`${emulatorUrl}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults, latencyMs }),
    }),
  );
}

/** The whole state, without the clock reading (which moves on its own). */
export async function stateJson(emulatorUrl: string): Promise<string> {
  const { now: _now, ...state } = await json<Record<string, unknown>>(await fetch(`${emulatorUrl}/__emulator/state`));
  return JSON.stringify(state);
}
