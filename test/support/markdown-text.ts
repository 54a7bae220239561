/**
 * The text a reader sees of markdown escaped by src/report/markdown.ts: backslash escapes,
 * entities and mention breaks undone. For tests that check what a summary or comment says;
 * tests of the escaping itself look at the raw markdown.
 */
export function shown(markdown: string): string {
  return markdown
    .replace(/\\([\\`*_{}[\]()#+\-.!|~:])/g, '$1')
    .replaceAll('@\u200D', '@')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
