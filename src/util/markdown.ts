/**
 * Text from outside (file names, names, server messages, URLs) inside markdown that GitHub
 * renders (the job summary, the pull request comment): shown as itself, never as HTML, emphasis,
 * a link it did not ask for, or a mention. Every such value goes through `escapeMarkdown` (or
 * `escapeCell` in a table); docs/security.md says why.
 */

/**
 * After `@`, a zero-width joiner: GitHub's mention (`@user`, `@org/team`) needs a name character
 * right after the `@`, so nobody is pinged, and the text still reads the same.
 */
const MENTION_BREAK = '@\u200D';

/**
 * Markdown that shows as the text itself: no HTML, no emphasis, no links (`.` and `:` escaped,
 * so neither `www.` nor `http://` becomes a link of its own), no mentions, one line.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~:]/g, '\\$&')
    .replace(/@/g, MENTION_BREAK);
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
