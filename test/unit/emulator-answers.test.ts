/**
 * Choosing the answer set (`contract` or `documented`): every way in refuses an unknown one and
 * names the two allowed; and the origin the documented page links are built on, from the Host
 * header when it is a host and port, else from the listening address.
 */
import { describe, expect, it } from 'vitest';
import { emulatorArgs, type EmulatorActionInputs } from '../../emulator/action/inputs.js';
import { parseAnswerSet } from '../../emulator/config/answers.js';
import { startEmulator } from '../../emulator/index.js';
import { resolveOptions } from '../../emulator/config/options.js';
import { requestOrigin, validHostHeader } from '../../emulator/http/request-origin.js';

const NAMES_BOTH = /use contract or documented$/;

describe('parseAnswerSet', () => {
  it.each(['contract', 'documented'] as const)('takes %s', (set) => {
    expect(parseAnswerSet(set, '--answers')).toBe(set);
  });

  it.each([['Documented'], ['documented '], [''], ['loose'], [undefined], [1], [null]])(
    'refuses %j, naming where it came from and the two allowed',
    (value) => {
      expect(() => parseAnswerSet(value, '--answers')).toThrow(
        /^--answers: unknown answer set .*; use contract or documented$/,
      );
    },
  );

  it('cuts a long value in its message', () => {
    expect(() => parseAnswerSet('x'.repeat(10_000), 'answers')).toThrow(/^answers: unknown answer set "x{64}"; /);
  });
});

describe('the answers option', () => {
  it('is contract unless told otherwise', () => {
    expect(resolveOptions({}).answers).toBe('contract');
    expect(resolveOptions({ answers: 'documented' }).answers).toBe('documented');
  });

  it('refuses an unknown set before listening', async () => {
    expect(() => resolveOptions({ answers: 'loose' as never })).toThrow(NAMES_BOTH);
    await expect(startEmulator({ answers: 'strict' as never })).rejects.toThrow(
      'answers: unknown answer set "strict"; use contract or documented',
    );
  });
});

describe('the emulator action input "answers"', () => {
  const INPUTS: EmulatorActionInputs = {
    port: '0',
    seed: '',
    faults: '',
    latency: '0',
    buildSeconds: '2',
    answers: '',
  };
  const answersArg = (args: string[]) => args[args.indexOf('--answers') + 1];

  it('passes contract when empty, and the set given otherwise', () => {
    expect(answersArg(emulatorArgs(INPUTS, '/ws'))).toBe('contract');
    expect(answersArg(emulatorArgs({ ...INPUTS, answers: 'documented' }, '/ws'))).toBe('documented');
    expect(answersArg(emulatorArgs({ ...INPUTS, answers: ' documented\n' }, '/ws'))).toBe('documented');
  });

  it('refuses an unknown set with the other bad inputs, naming the input and the two allowed', () => {
    expect(() => emulatorArgs({ ...INPUTS, answers: 'platform', port: 'x' }, '/ws')).toThrow(
      /^emulator action: input "port" .*; input "answers": unknown answer set "platform"; use contract or documented$/,
    );
  });
});

describe('the origin of links', () => {
  it.each([
    ...['localhost:4010', 'localhost', '127.0.0.1:1', '127.0.0.1:65535'], // loopback, with a port or not
    ...['[::1]:4010', '[::1]', '[2001:db8::1]:443'], // IPv6, bracketed
    ...['emulator.test', 'Emulator.Test:8080', `${'a'.repeat(63)}.example`], // other names, any case, labels up to 63
  ])('takes the Host %j as it is', (host) => {
    expect(validHostHeader(host)).toBe(host);
    expect(requestOrigin('https', host, { host: '127.0.0.1', port: 4010 })).toBe(`https://${host}`);
  });

  it.each([
    ...[undefined, '', 'evil.example/path', 'user@evil.example', 'a b'], // none, or more than a host and port
    ...['emulator.test:', 'emulator.test:0', 'emulator.test:65536', 'emulator.test:80:80', 'emulator.test:+80'], // ports
    ...['emulator..test', 'emulator.test.', '-emulator.test', 'emulator_test'], // names
    ...[`${'a'.repeat(64)}.example`, `${'a.'.repeat(130)}a`, 'x'.repeat(100_000)], // too long
    ...['[::1', '[::1]x', '[::1]:', '[zz::1]:80', '[127.0.0.1]', '::1'], // IPv6
  ])('refuses the Host %j and uses the listening address', (host) => {
    expect(validHostHeader(host)).toBeNull();
    expect(requestOrigin('http', host, { host: '127.0.0.1', port: 4010 })).toBe('http://127.0.0.1:4010');
  });

  it('brackets a listening IPv6 address', () => {
    expect(requestOrigin('http', undefined, { host: '::1', port: 4010 })).toBe('http://[::1]:4010');
  });
});
