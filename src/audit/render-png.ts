/**
 * Renders an SVG string to PNG bytes with resvg (@resvg/resvg-js, a Rust renderer) — Node-only,
 * loaded lazily. System fonts are loaded (DejaVu Sans on Debian) so the labels render.
 *
 * @example
 * ```ts
 * writeFileSync('heatmap.png', await renderPng(svg));
 * ```
 * @throws {Error} if the SVG is malformed (resvg's message).
 */
export async function renderPng(svg: string, width = 1400): Promise<Uint8Array> {
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}
