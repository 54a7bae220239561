/**
 * The fleet file, parsed and checked: `defaults` (inputs every target shares) and `targets`
 * (`name`, `app`, `environment`, `path`, `watch`, `wave`, `with`). YAML or JSON (JSON is YAML
 * 1.2). Every mistake is collected with its place, so one round fixes them all. A value is never
 * echoed: a fleet file is committed in clear, and a secret pasted into one must not also reach a log.
 */
import { parseDocument } from 'yaml';
import { ACTION_INPUTS } from '../action-metadata.js';
import { quote } from '../quote.js';
import { secretValues } from '../secrets.js';
import { didYouMeanTail } from './closest-name.js';

export interface FleetTarget {
  readonly name: string;
  readonly app: string;
  readonly environment: string;
  /** `path` as written, or null (the step's or the defaults' `path` applies). */
  readonly path: string | null;
  /** Globs relative to the workspace, `/`-separated. */
  readonly watch: readonly string[];
  readonly wave: number;
  /** Inputs of this target alone. */
  readonly with: Readonly<Record<string, string>>;
}

export interface Fleet {
  readonly defaults: Readonly<Record<string, string>>;
  readonly targets: readonly FleetTarget[];
}

export type FleetParse =
  | { readonly fleet: Fleet; readonly problems: readonly [] }
  | { readonly fleet: null; readonly problems: readonly string[] };

export const TARGET_NAME = /^[a-z0-9][a-z0-9-]*$/;
const TOP_KEYS = ['defaults', 'targets'];
const TARGET_KEYS = ['name', 'app', 'environment', 'path', 'watch', 'wave', 'with'];
/** Inputs about the fleet itself: a fleet that set them would plan or pick targets from inside a target. */
const FLEET_INPUTS = ['fleet', 'target', 'fleet-plan', 'changed-since'];
/** The target's own fields: set there, not in `with`. */
const FIELD_INPUTS = ['app', 'environment', 'path'];

const INPUT_NAMES: readonly string[] = ACTION_INPUTS;
/** The inputs that are masked (secrets.ts is the one list): a fleet file may hold none. */
export const SECRET_INPUT_NAMES: readonly string[] = INPUT_NAMES.filter(
  (name) => secretValues((asked) => (asked === name ? 'stand-in' : undefined)).length > 0,
);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** 1-based line of an offset, for a syntax error's place. */
function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** Reads `defaults` or a target's `with`: input name → value as the runner would pass it. */
function readInputsMap(
  value: unknown,
  place: string,
  problem: (text: string) => void,
  allowFields: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined || value === null) return out;
  if (!isRecord(value)) {
    problem(`${place} must be a map of input names to values`);
    return out;
  }
  for (const [name, raw] of Object.entries(value)) {
    const at = `${place}.${name}`;
    if (SECRET_INPUT_NAMES.includes(name)) {
      problem(
        `${place} sets "${name}", a secret: a fleet file is kept in clear in the repository; give "${name}" to the step itself, from a secret`,
      );
      continue;
    }
    if (!INPUT_NAMES.includes(name)) {
      problem(`${place} sets ${quote(name)}, which is not an input${didYouMeanTail(name, INPUT_NAMES)}`);
      continue;
    }
    if (FLEET_INPUTS.includes(name)) {
      problem(`${place} sets "${name}", which only a workflow step may give`);
      continue;
    }
    if (!allowFields && FIELD_INPUTS.includes(name)) {
      problem(`${place} sets "${name}": set it as the target's own field "${name}" instead`);
      continue;
    }
    if (isScalar(raw)) out[name] = String(raw);
    // A list is lines, as a multiline input takes them (exclude, env-vars).
    else if (Array.isArray(raw) && raw.every(isScalar)) out[name] = raw.map(String).join('\n');
    else problem(`${at} must be a text, a number, true/false or a list of them`);
  }
  return out;
}

/** A glob as a path relative to the workspace: `./apps/a/**` → `apps/a/**`. */
function normalizeGlob(glob: string): string {
  return glob.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/** What `watch` is when not given: everything under the target's path. */
export function defaultWatch(path: string): string {
  const dir = normalizeGlob(path).replace(/\/+$/, '');
  return dir === '' || dir === '.' ? '**' : `${dir}/**`;
}

function readTarget(
  raw: unknown,
  index: number,
  defaults: Readonly<Record<string, string>>,
  problem: (text: string) => void,
): FleetTarget | null {
  let place = `targets[${index}]`;
  if (!isRecord(raw)) {
    problem(`${place} must be a map with name, app and environment`);
    return null;
  }
  const name = raw.name;
  if (typeof name === 'string' && TARGET_NAME.test(name)) place = `target "${name}"`;
  else
    problem(
      `${place}: name ${typeof name === 'string' ? `${quote(name)} ` : ''}must be lower-case letters, digits and "-", starting with a letter or digit`,
    );
  for (const key of Object.keys(raw)) {
    if (!TARGET_KEYS.includes(key)) problem(`${place}: unknown field ${quote(key)}${didYouMeanTail(key, TARGET_KEYS)}`);
  }
  const text = (key: string, required: boolean): string | null => {
    const v = raw[key];
    if (v === undefined || v === null) {
      if (required) problem(`${place}: "${key}" is missing`);
      return null;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      problem(`${place}: "${key}" must be a non-empty text`);
      return null;
    }
    return v.trim();
  };
  const app = text('app', true);
  const environment = text('environment', true);
  const path = text('path', false);
  let wave = 1;
  if (raw.wave !== undefined) {
    if (typeof raw.wave === 'number' && Number.isSafeInteger(raw.wave) && raw.wave >= 0) wave = raw.wave;
    else problem(`${place}: "wave" must be a whole number, 0 or more`);
  }
  let watch = [defaultWatch(path ?? defaults.path ?? '.')];
  if (raw.watch !== undefined) {
    const list = typeof raw.watch === 'string' ? [raw.watch] : raw.watch;
    if (!Array.isArray(list) || list.length === 0 || !list.every((g) => typeof g === 'string' && g.trim() !== '')) {
      problem(`${place}: "watch" must be a glob or a list of globs`);
    } else {
      watch = (list as string[]).map((g) => normalizeGlob(g.trim()));
      for (const g of watch) {
        if (g.startsWith('/') || /^[A-Za-z]:/.test(g) || g.split('/').includes('..')) {
          problem(`${place}: watch glob ${quote(g)} leaves the workspace; give a glob relative to it`);
        }
      }
    }
  }
  const own = readInputsMap(raw.with, `${place}.with`, problem, false);
  if (typeof name !== 'string' || !TARGET_NAME.test(name) || app === null || environment === null) return null;
  return { name, app, environment, path, watch, wave, with: own };
}

/**
 * The file's data, or undefined after saying why. JSON is read by JSON.parse first: the YAML
 * reader takes hundreds of times longer on a big fleet (half a second for a thousand targets), and
 * JSON is what a generated fleet usually is. What JSON.parse refuses goes to the YAML reader,
 * which reads YAML and says where a JSON mistake is.
 */
function readData(text: string, problem: (text: string) => void): unknown {
  if (/^\s*\{/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // YAML, or a JSON mistake: the YAML reader says which line
    }
  }
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const e of doc.errors) problem(`line ${lineOf(text, e.pos[0])}: ${e.message.split('\n')[0]}`);
    return undefined;
  }
  try {
    return doc.toJS({ maxAliasCount: 100 }) as unknown;
  } catch (e) {
    problem(`not read: ${(e as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

/** Parses and checks a fleet file's text; `file` names it in every problem. */
export function parseFleet(text: string, file: string): FleetParse {
  const problems: string[] = [];
  const problem = (t: string) => problems.push(`input "fleet": ${file}: ${t}`);
  const data = readData(text, problem);
  if (data === undefined) return { fleet: null, problems };
  if (!isRecord(data)) {
    problem('must be a map with "defaults" and "targets"');
    return { fleet: null, problems };
  }
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) problem(`unknown field ${quote(key)}${didYouMeanTail(key, TOP_KEYS)}`);
  }
  const defaults = readInputsMap(data.defaults, 'defaults', problem, true);
  const targets: FleetTarget[] = [];
  if (!Array.isArray(data.targets) || data.targets.length === 0) {
    problem('"targets" must be a list of at least one target');
  } else {
    const seen = new Set<string>();
    data.targets.forEach((raw, i) => {
      const target = readTarget(raw, i, defaults, problem);
      if (!target) return;
      if (seen.has(target.name)) problem(`target "${target.name}" is named twice; give each target a name of its own`);
      seen.add(target.name);
      targets.push(target);
    });
  }
  return problems.length > 0 ? { fleet: null, problems } : { fleet: { defaults, targets }, problems: [] };
}
