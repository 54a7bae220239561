/**
 * The emulator action's post step: reads the request log, stops the emulator the main step
 * started, and writes a job summary of what it served.
 */
import * as core from '@actions/core';
import { existsSync, readFileSync } from 'node:fs';
import type { RequestLogEntry } from '../http/request-log.js';
import { stopProcess } from './process.js';
import { emulatorSummary } from './summary.js';

async function readRequests(url: string): Promise<{ requests: RequestLogEntry[] | null; problem?: string }> {
  try {
    const res = await fetch(`${url}/__emulator/requests`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return { requests: null, problem: `GET /__emulator/requests answered ${res.status}` };
    const body = (await res.json()) as { requests?: RequestLogEntry[] };
    return { requests: Array.isArray(body.requests) ? body.requests : [] };
  } catch (e) {
    return { requests: null, problem: `GET /__emulator/requests failed: ${(e as Error).message}` };
  }
}

async function run(): Promise<void> {
  const pid = Number(core.getState('pid'));
  const url = core.getState('url');
  const logFile = core.getState('log');
  if (!Number.isInteger(pid) || pid <= 0) {
    core.info('the emulator was not started (the main step failed or was skipped): nothing to stop');
    return;
  }
  const log = await readRequests(url);
  const stopped = await stopProcess(pid);
  if (logFile && existsSync(logFile)) {
    core.startGroup('emulator log');
    core.info(readFileSync(logFile, 'utf8').split('\n').slice(-200).join('\n'));
    core.endGroup();
  }
  await core.summary.addRaw(emulatorSummary({ url, ...log, stopped })).write();
  if (!stopped) core.warning(`the emulator (pid ${pid}) did not exit after SIGTERM and SIGKILL`);
  else core.info(`emulator (pid ${pid}) stopped`);
}

run().catch((e: unknown) => core.setFailed((e as Error).message));
