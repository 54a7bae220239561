/**
 * Text from outside (file names, names, server messages, URLs) inside markdown that GitHub
 * renders (the job summary, the pull request comment): shown as itself, never as HTML, emphasis,
 * a link it did not ask for, or a mention. Every such value goes through `escapeMarkdown` (or
 * `escapeCell` in a table); docs/security.md says why. A backslash is added only where markdown
 * would read a character, since the CLI's summary file is also read raw (GitLab, CircleCI), where
 * `cli\-app` is noise.
 */

/**
 * After `@`, a zero-width joiner: GitHub's mention (`@user`, `@org/team`) needs a name character
 * right after the `@`, so nobody is pinged, and the text still reads the same.
 */
const MENTION_BREAK = '@\u200D';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** What opens code, emphasis, strike-through, a link or a table cell wherever it stands. */
const ALWAYS = new Set(['\\', '`', '*', '_', '[', ']', '|', '~']);

/**
 * The mark that would start a block (heading, list item, setext underline, thematic break) when
 * the text begins a line: its position in the text, or -1. The mark needs a space (or the end)
 * after it, so `-rf`, `#12` and `1.3s` stay as they are.
 */
function blockMark(line: string): number {
  const m = /^( {0,3})(?:(#{1,6}|[-+])(?=[ \t]|$)|(\d{1,9})[.)](?=[ \t]|$)|[-=]+[ \t]*$)/.exec(line);
  if (!m) return -1;
  // An ordered list's mark is its `.` or `)`: `1\.` is a number and a dot.
  return m[3] === undefined ? m[1]!.length : m[1]!.length + m[3].length;
}

/**
 * The `:` and `.` that would let GitHub make a link of its own (GFM's extended autolinks): the `:`
 * of a scheme (`https:`, `ftp:`, `mailto:`) or of any `://`, the `.` after `www` (unless a letter
 * or digit comes before it), and the `.`s of the domain after an `@` (an email address). One
 * escaped character is enough to break each.
 */
function linkMarks(line: string): Set<number> {
  const marks = new Set<number>();
  for (const m of line.matchAll(/(?:https?|ftp|mailto|xmpp)(?=:)|(?=:\/\/)/gi)) marks.add(m.index + m[0].length);
  for (const m of line.matchAll(/(?<![a-z\d])www(?=\.)/gi)) marks.add(m.index + 3);
  for (const m of line.matchAll(/@[\w-]+(?:\.[\w-]+)+/g)) {
    for (let i = m[0].indexOf('.'); i !== -1; i = m[0].indexOf('.', i + 1)) marks.add(m.index + i);
  }
  return marks;
}

/**
 * Markdown that shows as the text itself: no HTML (`&`, `<`, `>` as entities), no code, emphasis,
 * links or table cells (their marks always escaped), no block where the text begins a line, no
 * autolinks, no mentions, one line. Other punctuation (`-`, `.`, `:`, `(`, `#`, `!`…) stays bare.
 */
export function escapeMarkdown(text: string): string {
  const line = text.replace(/\r?\n|\r/g, ' ');
  const block = blockMark(line);
  const links = linkMarks(line);
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (ENTITIES[c] !== undefined) out += ENTITIES[c];
    else if (c === '@') out += MENTION_BREAK;
    else if (ALWAYS.has(c) || i === block || links.has(i) || (c === '!' && line[i + 1] === '[')) out += `\\${c}`;
    else out += c;
  }
  return out;
}

/** One table cell: escaped as above, its lines kept apart by `<br>` (a newline would end the row). */
export function escapeCell(text: string): string {
  return text
    .split(/\r?\n|\r/)
    .map(escapeMarkdown)
    .join('<br>');
}

/** A link whose target cannot leave the parentheses or be anything but http(s). */
export function markdownLink(text: string, href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return escapeMarkdown(text);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return escapeMarkdown(text);
  const safe = url.href.replace(
    /[()<>"'\\ ]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `[${escapeMarkdown(text)}](${safe})`;
}
