/**
 * The headless records exactly as the emulator sends them: every field, every time. The client's
 * types (src/api/types.ts) are the tolerant side, with what the spec does not show typed as
 * possibly missing; these are the strict side, so an answer the emulator forgets a field of
 * fails to compile here rather than passing unnoticed.
 */
import type { ShellVariable } from '../src/api/types.js';

export interface WireApp {
  name: string;
  region: string;
  createTime: string;
}

export interface WireEnvironment {
  name: string;
  displayName: string;
  branch: string;
  cmsEnvironment: string;
  shellVariables: ShellVariable[];
  createTime: string;
  updateTime: string;
}

export interface WireOperation {
  name: string;
  metadata: { '@type': string; build: string; deployment: string };
  done: boolean;
  error?: { code: number; message: string };
}
