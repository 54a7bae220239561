/**
 * The text a reader sees of markdown escaped by src/report/markdown.ts: backslash escapes,
 * entities and mention breaks undone. For tests that check what a summary or comment says;
 * tests of the escaping itself look at the raw markdown. And what GitHub's markdown (GFM) would
 * make live in raw markdown, written as patterns: `harmless(md)` lists what it finds.
 */
export function shown(markdown: string): string {
  return markdown
    .replace(/\\([\\`*_{}[\]()#+\-.!|~:])/g, '$1')
    .replaceAll('@\u200D', '@')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** An unescaped `[…](` (inline link or image) or `[…][` (reference link). */
export const LINK = /(?<!\\)\[(?:[^\]\\]|\\.)*(?<!\\)\][([]/;
/** GFM's extended autolinks: a scheme or `www.` that no backslash interrupts; and `<…>` autolinks. */
const AUTOLINK = /(?:https?|ftp|mailto):(?!\\)|(?<![\\\w])www\.|<[a-z]+:/i;
/** GitHub's mention: `@` then a name character, not inside a word (`a@b` is an email). */
export const MENTION = /(?:^|[^\w`])@[a-z\d][a-z\d-]*(?:\/[a-z\d][\w.-]*)?/i;
/** A backtick no backslash escapes opens a code span. */
const CODE = /(?<!\\)`/;
/** A raw `<` starts HTML. */
const HTML = /</;
/** An email autolink: the domain needs a `.` no backslash escapes. */
const EMAIL = /[\w.+-]+@\u200D?[\w-]+\.[\w-]/;
/** Emphasis or strike-through markers no backslash escapes. */
const EMPHASIS = /(?<!\\)(\*\*|__|~~)|(?<![\w\\])[*_](?=\w)/;

export function harmless(md: string): string[] {
  const found: string[] = [];
  if (LINK.test(md)) found.push('link');
  if (AUTOLINK.test(md)) found.push('autolink');
  if (MENTION.test(md)) found.push('mention');
  if (CODE.test(md)) found.push('code');
  if (HTML.test(md)) found.push('html');
  if (EMAIL.test(md)) found.push('email');
  if (EMPHASIS.test(md)) found.push('emphasis');
  if (/[\r\n]/.test(md)) found.push('newline');
  return found;
}

/** A name, the text, and what GitHub would make of it unescaped. */
