/**
 * Orders strings by their UTF-8 bytes without encoding them: UTF-16 code units already sort
 * that way, except that surrogates (code points past U+FFFF) must come after U+E000-U+FFFF.
 * Zip entries are sorted so, which makes the archive the same whatever order a disk lists.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}
