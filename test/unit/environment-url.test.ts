/** environment-url: the template, its checks, and how values are filled in. */
import { describe, expect, it } from 'vitest';
import { fillUrlTemplate, parseUrlTemplate } from '../../src/release/environment-url.js';

const values = { app: 'shop', environment: 'pr-7', 'environment-id': 'ab12cd34' };

describe('parseUrlTemplate', () => {
  it('lists the placeholders it uses', () => {
    expect(parseUrlTemplate('https://{environment}.{app}.example.com').uses).toEqual(['environment', 'app']);
    expect(parseUrlTemplate('https://example.com/{environment-id}').uses).toEqual(['environment-id']);
  });

  it.each([
    ['https://{env}.example.com', 'has an unknown placeholder "{env}"; use {app}, {environment}, {environment-id}'],
    ['https://{environment.example.com', 'has an unmatched "{" or "}"'],
    ['https://example.com/{app}}', 'has an unmatched "{" or "}"'],
    ['http://{environment}.example.com', 'uses plain http to environment.example.com'],
    ['ftp://example.com/{app}', 'uses ftp'],
    ['{app}', 'is not a URL'],
    ['https://user:pw@example.com/{app}', 'user name or password'],
  ])('%s is refused: %s', (template, message) => {
    expect(() => parseUrlTemplate(template)).toThrow(message);
  });

  it('keeps the template without the spaces around it', () => {
    expect(parseUrlTemplate('  https://{app}.example.com/ \n').source).toBe('https://{app}.example.com/');
  });

  it.each(['https://{app}', 'https://{environment}', 'https://{environment-id}/'])(
    'accepts %s: a placeholder may be the whole host',
    (template) => {
      expect(parseUrlTemplate(template).source).toBe(template);
    },
  );

  it('takes "http:" later in the URL (a query that names another link) for no plain http', () => {
    const t = parseUrlTemplate('https://example.com/go?to=http://other.example/{environment}');
    expect(fillUrlTemplate(t, values)).toBe('https://example.com/go?to=http://other.example/pr-7');
  });

  it('allows plain http to loopback hosts', () => {
    expect(fillUrlTemplate(parseUrlTemplate('http://127.0.0.1:8080/{environment}'), values)).toBe(
      'http://127.0.0.1:8080/pr-7',
    );
  });
});

describe('fillUrlTemplate', () => {
  it('fills every placeholder', () => {
    const t = parseUrlTemplate('https://{environment}--{app}.example.com/?id={environment-id}');
    expect(fillUrlTemplate(t, values)).toBe('https://pr-7--shop.example.com/?id=ab12cd34');
  });

  it('URL-encodes values: a display name adds no path segment, query, fragment or host', () => {
    const t = parseUrlTemplate('https://preview.example.com/{environment}/index.html');
    const url = fillUrlTemplate(t, { ...values, environment: 'a/../b?x=1#y @evil.com' });
    expect(url).toBe('https://preview.example.com/a%2F..%2Fb%3Fx%3D1%23y%20%40evil.com/index.html');
    expect(new URL(url).host).toBe('preview.example.com');
  });

  it.each([
    ['https://{environment}--{app}.example.com', 'https://pr-7--shop.example.com'],
    ['https://Preview.Example.com/{environment}', 'https://Preview.Example.com/pr-7'],
    ['https://preview.example.com/{environment}/', 'https://preview.example.com/pr-7/'],
  ])('gives %j back filled in, character for character (no slash added, no case changed)', (source, want) => {
    expect(fillUrlTemplate(parseUrlTemplate(source), values)).toBe(want);
  });

  it('refuses a value that makes the host invalid', () => {
    const t = parseUrlTemplate('https://{environment}.example.com');
    expect(() => fillUrlTemplate(t, { ...values, environment: 'pr 7' })).toThrow('is not a URL');
  });
});
