/**
 * What a seed may hold, field by field: the `Seed` type (seed.ts) written as data, so a seed can be
 * checked when it is read. `Shape<Seed>` ties the two: a field the type has and the shape lacks,
 * one it does not have, an optional one made required, or a value left out of a list of choices,
 * does not compile.
 */
import type { Seed } from './seed.js';

/** How a value of type T is checked. */
export type Shape<T> = [T] extends [boolean]
  ? 'boolean'
  : [T] extends [number]
    ? 'number'
    : [T] extends [string]
      ? string extends T
        ? 'string'
        : { oneOf: Record<T, true> }
      : [T] extends [readonly (infer E)[]]
        ? { list: Shape<E> }
        : { fields: FieldShapes<T> };

/** Every field of T, `{ optional: … }` where T may leave it out. */
export type FieldShapes<T> = {
  [K in keyof T]-?: undefined extends T[K] ? { optional: Shape<Exclude<T[K], undefined>> } : Shape<T[K]>;
};

/** The same shapes, loosely typed, as the checker walks them. */
export type AnyShape =
  | 'boolean'
  | 'number'
  | 'string'
  | { oneOf: Readonly<Record<string, true>> }
  | { list: AnyShape }
  | { fields: Readonly<Record<string, AnyShape | { optional: AnyShape }>> };

const opt = <S>(shape: S) => ({ optional: shape });
const optString = opt('string' as const);
const optNumber = opt('number' as const);
const optBoolean = opt('boolean' as const);
const optNames = opt({ list: 'string' as const });

const install: Shape<NonNullable<NonNullable<Seed['sites']>[number]['installs']>[number]> = {
  fields: {
    id: optString,
    name: 'string',
    environment: opt({ oneOf: { production: true, staging: true, development: true } }),
    status: opt({ oneOf: { active: true, pending: true } }),
    activeAfterSeconds: optNumber,
    php_version: optString,
    cms_version: optString,
    primary_domain: optString,
    is_multisite: optBoolean,
    stable_ips: optNames,
  },
};

const environment: Shape<
  NonNullable<NonNullable<NonNullable<Seed['headless']>['apps']>[number]['environments']>[number]
> = {
  fields: {
    id: optString,
    displayName: 'string',
    cmsEnvironment: optString,
    shellVariables: opt({ list: { fields: { key: 'string', value: 'string' } } }),
    unhealthy: optBoolean,
    runningBuild: optBoolean,
  },
};

export const SEED_SHAPE: Shape<Seed> = {
  fields: {
    accounts: {
      list: {
        fields: {
          id: optString,
          name: 'string',
          limits: opt({ fields: { visitors: optNumber, storage: optNumber, bandwidth: optNumber } }),
        },
      },
    },
    credentials: opt({
      list: {
        fields: {
          userId: 'string',
          password: 'string',
          account: 'string',
          roles: {
            oneOf: { owner: true, full: true, 'full,billing': true, partial: true, 'partial,billing': true },
          },
          installs: optNames,
        },
      },
    }),
    accountUsers: opt({
      list: {
        fields: {
          account: 'string',
          first_name: 'string',
          last_name: 'string',
          email: 'string',
          phone: optString,
          roles: 'string',
          user_id: optString,
          invite_accepted: optBoolean,
          mfa_enabled: optBoolean,
          installs: optNames,
        },
      },
    }),
    sites: opt({
      list: {
        fields: {
          id: optString,
          name: 'string',
          account: 'string',
          group_name: optString,
          tags: optNames,
          sandbox: optBoolean,
          transferable: optBoolean,
          installs: opt({ list: install }),
        },
      },
    }),
    domains: opt({
      list: {
        fields: {
          install: 'string',
          name: 'string',
          verified: optBoolean,
          primary: optBoolean,
          network_type: opt({ oneOf: { AN: true, GES: true, LEGACY: true } }),
        },
      },
    }),
    archives: opt({
      list: {
        fields: {
          install: 'string',
          id: optString,
          state: opt({ oneOf: { requested: true, in_progress: true, completed: true, aborted: true } }),
          notification_emails: optNames,
          startAfterSeconds: optNumber,
          completeAfterSeconds: optNumber,
          abortAfterSeconds: optNumber,
        },
      },
    }),
    siteTransfers: opt({
      list: {
        fields: {
          site: 'string',
          id: optString,
          destination_account: 'string',
          status: opt({
            oneOf: {
              pending: true,
              scheduled: true,
              in_progress: true,
              completed: true,
              failed: true,
              cancelled: true,
            },
          }),
          startAfterSeconds: optNumber,
          finishAfterSeconds: optNumber,
          outcome: opt({ oneOf: { completed: true, failed: true } }),
        },
      },
    }),
    sshKeys: opt({
      list: { fields: { account: 'string', comment: 'string', fingerprint: optString, uuid: optString } },
    }),
    domainReports: opt({
      list: { fields: { install: 'string', id: 'string', completeAfterSeconds: optNumber } },
    }),
    headless: opt({
      fields: {
        accounts: { list: 'string' },
        apps: opt({
          list: {
            fields: { account: 'string', appId: 'string', region: optString, environments: opt({ list: environment }) },
          },
        }),
      },
    }),
  },
};
