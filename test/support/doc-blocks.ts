/**
 * The documentation as the doc tests read it: the Markdown files a user or contributor reads
 * (README.md, CONTRIBUTING.md, docs/*.md), their fenced blocks (also those indented inside a list
 * item), their relative links, and the anchors GitHub gives their headings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every Markdown file whose blocks and links are checked, relative to the repository root. */
export const DOC_FILES: readonly string[] = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

export const readDoc = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

export interface DocBlock {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string's first word: `sh`, `yaml`, …; empty when the fence has none. */
  readonly lang: string;
  /** The content, with the fence's indentation removed. */
  readonly text: string;
}

/** `file:line (lang)`: how a block is named in test titles and in the unchecked list. */
export const blockName = (b: DocBlock): string => `${b.file}:${b.line} (${b.lang || 'no language'})`;

export function fencedBlocks(file: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    const close = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    while (j < lines.length && !close.test(lines[j]!)) {
      const l = lines[j]!;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart());
      j++;
    }
    blocks.push({ file, line: i + 1, lang, text: body.length ? body.join('\n') + '\n' : '' });
    i = j;
  }
  return blocks;
}

/** The text outside fenced blocks and inline code spans: where links and prose commands live. */
export function prose(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: RegExp | null = null;
  for (const line of lines) {
    if (fence) {
      if (fence.test(line)) fence = null;
      out.push('');
      continue;
    }
    const open = /^ *(`{3,}|~{3,})/.exec(line);
    if (open) {
      fence = new RegExp(`^ *${open[1]![0] === '`' ? '`' : '~'}{${open[1]!.length},}\\s*$`);
      out.push('');
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** Inline code spans of the prose (`npm run x`), for the commands written in sentences. */
export function inlineCode(markdown: string): string[] {
  return [...prose(markdown).matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2]!.replace(/\s*\n\s*/g, ' ').trim());
}

export interface DocLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/** Inline links `[text](target)` outside code; images too. */
export function links(file: string, markdown: string): DocLink[] {
  const text = prose(markdown).replace(/(`+)[^`]*?\1/g, (m) => m.replace(/[^\n]/g, ' '));
  const found: DocLink[] = [];
  // `\]` is a literal bracket, not the end of a link's text.
  for (const m of text.matchAll(/(?<!\\)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    found.push({ file, line, target: m[1]! });
  }
  return found;
}

/**
 * The anchors GitHub makes of a file's headings: lower case, punctuation dropped (but `-` and
 * `_`), spaces to `-`; a repeated one gets `-1`, `-2`, …
 */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
