/**
 * Text from outside (names, server messages, URLs) inside markdown that GitHub renders: shown as
 * itself, never as HTML, emphasis or a link it did not ask for.
 */

/** Markdown that shows as the text itself: no HTML, no emphasis, no links, one line. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~:]/g, '\\$&');
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
