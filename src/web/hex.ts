/** Bytes as lowercase hex (the page's own: hex helpers are not part of the library's API). */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
