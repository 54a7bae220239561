/**
 * Checks requests against GitHub's own published REST description (@octokit/openapi): the path
 * and method exist, every query parameter is one the operation declares and of its type, and
 * the JSON body is valid against the operation's request schema with no field it does not name.
 * So a request GitHub would refuse, or whose typo it would silently ignore, fails a test here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import type { GithubRequest, RequestCheck } from './fake-github.js';

interface JsonSchema {
  properties?: Record<string, unknown>;
}
interface Parameter {
  name: string;
  in: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type PathItem = Record<string, Operation>;

export interface GithubSchema {
  check: RequestCheck;
  /** The request body validator of `METHOD /template`, for tests that the schema really refuses. */
  bodyValidator(method: string, template: string): ValidateFunction;
}

/** Loads the dereferenced description (tens of MB: a few seconds), once per caller. */
export function loadGithubSchema(): GithubSchema {
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.deref.json');
  const api = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, PathItem> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  const coercing = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  const routes = Object.entries(api.paths).map(([template, item]) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    item,
  }));
  const cache = new Map<string, ValidateFunction>();
  const compiled = (key: string, schema: object, withCoercion = false) => {
    let v = cache.get(key);
    if (!v) {
      v = (withCoercion ? coercing : ajv).compile(schema);
      cache.set(key, v);
    }
    return v;
  };
  const operation = (method: string, path: string) => {
    const route = routes.find((r) => r.pattern.test(path) && r.item[method.toLowerCase()]);
    return route ? { template: route.template, op: route.item[method.toLowerCase()]! } : null;
  };

  function check(q: GithubRequest): string[] {
    const found = operation(q.method, q.path);
    if (!found) return ['no such operation in GitHub’s REST description'];
    const { template, op } = found;
    const problems: string[] = [];
    const declared = (op.parameters ?? []).filter((p) => p.in === 'query');
    for (const [name, value] of Object.entries(q.query)) {
      const param = declared.find((p) => p.name === name);
      if (!param) {
        problems.push(`query parameter "${name}" is not one GitHub declares`);
        continue;
      }
      const validate = compiled(
        `${q.method} ${template} ?${name}`,
        { type: 'object', properties: { v: param.schema ?? {} } },
        true,
      );
      if (!validate({ v: value })) problems.push(`query parameter "${name}": ${ajv.errorsText(validate.errors)}`);
    }
    const schema = op.requestBody?.content['application/json']?.schema;
    if (schema) {
      const validate = compiled(`${q.method} ${template}`, schema);
      if (!validate(q.body)) problems.push(`body: ${ajv.errorsText(validate.errors)}`);
      const known = Object.keys(schema.properties ?? {});
      for (const key of Object.keys(q.body))
        if (!known.includes(key)) problems.push(`body field "${key}" is not one GitHub names`);
    } else if (Object.keys(q.body).length > 0) {
      problems.push('has a body, but the operation takes none');
    }
    return problems;
  }

  return {
    check,
    bodyValidator(method, template) {
      const op = api.paths[template]?.[method.toLowerCase()];
      const schema = op?.requestBody?.content['application/json']?.schema;
      if (!schema) throw new Error(`${method} ${template}: no request body in the description`);
      return compiled(`${method.toUpperCase()} ${template}`, schema);
    },
  };
}
