import { loadPeer } from './load-peer.ts';

/**
 * Renders an SVG string to PNG bytes with resvg (@resvg/resvg-js, a Rust renderer) — Node-only,
 * loaded lazily: it is an optional peer dependency, so only those who want PNGs install it. System
 * fonts are loaded (DejaVu Sans on Debian) so the labels render.
 *
 * @example
 * ```ts
 * const png = await renderPng(heatmapSvg(counts, 'my shuffle'));
 * ```
 * @throws {FairdealError} `MISSING_PEER` if @resvg/resvg-js is not installed.
 * @throws {TypeError} if `svg` is not a string.
 * @throws {Error} if the SVG is malformed (resvg's message).
 */
export async function renderPng(svg: string, width = 1400): Promise<Uint8Array> {
  if (typeof svg !== 'string') throw new TypeError('renderPng needs an SVG string');
  const { Resvg } = await loadPeer(
    '@resvg/resvg-js',
    'PNG output',
    () => import('@resvg/resvg-js'),
  );
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}
