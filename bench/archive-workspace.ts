/**
 * Deterministic workspaces for the archive benchmark: the same seed gives the same bytes, so
 * every run (and every machine) measures the same tree. Text is source-like (identifiers drawn
 * from a skewed vocabulary, indentation, literals) so it deflates at a realistic speed and
 * ratio; binaries are keystream bytes, as incompressible as real images and fonts.
 */
import { createCipheriv } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mulberry32 } from '../scripts/prng.js';

/** Bump when the shape changes, so cached workspaces are rebuilt. */
const GENERATOR_VERSION = 6;

export interface WorkspaceShape {
  name: string;
  /** Text files of the app (src/, dist/), and their mean size. */
  textFiles: number;
  textMean: number;
  /** Incompressible files (images, fonts, media, unknown binaries), and their mean size. */
  binaryFiles: number;
  binaryMean: number;
  /** A few large files of each kind, streamed in pieces by the engine. */
  largeText: number[];
  largeBinary: number[];
  /** Excluded by default: counted by `zip -x` walks, pruned by the engine. */
  nodeModulesFiles: number;
  gitFiles: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const MEDIUM: WorkspaceShape = {
  name: 'medium',
  textFiles: 3600,
  textMean: 9 * KiB,
  binaryFiles: 1350,
  binaryMean: 20 * KiB,
  largeText: [3 * MiB, 2 * MiB, 1.5 * MiB],
  largeBinary: [4 * MiB, 2.5 * MiB],
  nodeModulesFiles: 8000,
  gitFiles: 300,
};

export const LARGE: WorkspaceShape = {
  name: 'large',
  textFiles: 12000,
  textMean: 16 * KiB,
  binaryFiles: 4000,
  binaryMean: 40 * KiB,
  largeText: [40 * MiB, 24 * MiB, 16 * MiB, 12 * MiB, 8 * MiB, 6 * MiB],
  largeBinary: [64 * MiB, 48 * MiB, 24 * MiB, 16 * MiB, 8 * MiB, 4 * MiB],
  nodeModulesFiles: 8000,
  gitFiles: 300,
};

/** Incompressible bytes from AES-CTR over zeros, keyed by the seed. */
function keystream(seed: number, size: number): Buffer {
  const key = Buffer.alloc(16);
  key.writeUInt32LE(seed >>> 0, 0);
  key.writeUInt32LE(0x5eed, 4);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
}

/** Source-like text: lines from a pool of templated lines (code repeats itself), a few unique. */
class TextMaker {
  private readonly ids: string[];
  private readonly lines: string[];

  constructor(private readonly rand: () => number) {
    const syl =
      'ba be bi bo ca co de di do fa fe fi ga ge go ha he ja ke ki la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi vo za ze'.split(
        ' ',
      );
    const ident = () => {
      let w = '';
      for (let j = 0, n = 2 + Math.floor(rand() * 3); j < n; j++) {
        const s = syl[Math.floor(rand() * syl.length)]!;
        w += j > 0 ? s[0]!.toUpperCase() + s.slice(1) : s;
      }
      return w;
    };
    this.ids = Array.from({ length: 1500 }, ident);
    this.lines = Array.from({ length: 3000 }, () => this.templated());
  }

  private pick(): string {
    return this.ids[Math.floor(this.ids.length * this.rand() ** 2)]!;
  }

  private templated(): string {
    const p = () => this.pick();
    switch (Math.floor(this.rand() * 9)) {
      case 0:
        return `const ${p()} = ${p()}.${p()}(${p()});`;
      case 1:
        return `import { ${p()}, ${p()} } from './${p()}.js';`;
      case 2:
        return `export function ${p()}(${p()}: ${p()}, ${p()}: string): Promise<${p()}> {`;
      case 3:
        return `if (${p()}.${p()} === undefined) return ${p()};`;
      case 4:
        return `return this.${p()}.map((${p()}) => ${p()}.${p()});`;
      case 5:
        return '}';
      case 6:
        return `// ${p()} ${p()} ${p()} the ${p()} when ${p()} is ${p()}`;
      case 7:
        return `${p()}: ${Math.floor(this.rand() * 1000)},`;
      default:
        return `throw new Error(\`${p()} ${p()}: \${${p()}}\`);`;
    }
  }

  text(size: number): Buffer {
    const parts: string[] = [];
    let len = 0;
    let depth = 0;
    while (len < size) {
      const body = this.rand() < 0.2 ? this.templated() : this.lines[Math.floor(this.lines.length * this.rand() ** 2)]!;
      const line = '  '.repeat(depth) + body;
      if (body.endsWith('{')) depth = Math.min(depth + 1, 5);
      else if (body === '}' && depth > 0) depth--;
      parts.push(line);
      len += line.length + 1;
    }
    return Buffer.from(parts.join('\n'), 'utf8').subarray(0, size);
  }
}

/** Sizes around `mean`, skewed like real trees: many small files, a few larger ones. */
function size(rand: () => number, mean: number): number {
  return Math.max(16, Math.round(-Math.log(1 - rand() * 0.999) * mean));
}

const TEXT_EXT = ['ts', 'js', 'tsx', 'css', 'json', 'md', 'html', 'map'];
const BINARY_EXT = ['png', 'jpg', 'webp', 'woff2', 'gif', 'avif', 'bin', 'dat'];

async function writeTree(root: string, shape: WorkspaceShape): Promise<void> {
  const rand = mulberry32(0xa5c11 + shape.textFiles);
  const maker = new TextMaker(rand);
  const pending: Promise<void>[] = [];
  const madeDirs = new Set<string>();
  const put = async (rel: string, data: Buffer) => {
    const dir = path.dirname(path.join(root, rel));
    if (!madeDirs.has(dir)) {
      madeDirs.add(dir);
      await mkdir(dir, { recursive: true });
    }
    await writeFile(path.join(root, rel), data);
  };
  const flush = async () => {
    await Promise.all(pending.splice(0));
  };
  const add = async (rel: string, data: Buffer) => {
    pending.push(put(rel, data));
    if (pending.length >= 64) await flush();
  };
  const dirOf = (top: string, i: number) => `${top}/m${i % 37}/s${i % 11}`;

  for (let i = 0; i < shape.textFiles; i++) {
    const ext = TEXT_EXT[i % TEXT_EXT.length]!;
    await add(
      `${i % 3 === 0 ? 'dist' : 'src'}/${dirOf('app', i)}/f${i}.${ext}`,
      maker.text(size(rand, shape.textMean)),
    );
  }
  for (let i = 0; i < shape.binaryFiles; i++) {
    const ext = BINARY_EXT[i % BINARY_EXT.length]!;
    await add(`public/${dirOf('assets', i)}/b${i}.${ext}`, keystream(i + 1, size(rand, shape.binaryMean)));
  }
  for (const [i, n] of shape.largeText.entries()) await add(`dist/big/bundle${i}.js`, maker.text(n));
  const media = ['mp4', 'bin', 'webm', 'dat'];
  for (const [i, n] of shape.largeBinary.entries())
    await add(`public/media/clip${i}.${media[i % 4]}`, keystream(9000 + i, n));
  for (let i = 0; i < shape.nodeModulesFiles; i++) {
    await add(`node_modules/pkg${i % 400}/lib/m${i}.js`, maker.text(size(rand, 2 * KiB)));
  }
  for (let i = 0; i < shape.gitFiles; i++)
    await add(`.git/objects/${i % 64}/o${i}`, keystream(50000 + i, size(rand, 8 * KiB)));
  await add('package.json', Buffer.from('{"name":"bench-app","version":"1.0.0"}\n'));
  await flush();
}

/** Builds (or reuses, when the same generator made it) the workspace; returns its path. */
export async function ensureWorkspace(workDir: string, shape: WorkspaceShape): Promise<string> {
  const root = path.join(workDir, shape.name);
  const stamp = path.join(workDir, `${shape.name}.stamp`);
  const want = JSON.stringify({ v: GENERATOR_VERSION, shape });
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === want) return root;
  await rm(root, { recursive: true, force: true });
  await writeTree(root, shape);
  await writeFile(stamp, want);
  return root;
}
