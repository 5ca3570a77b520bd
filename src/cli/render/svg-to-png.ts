import { loadOptional } from '../load-optional.ts';

type ResvgModule = typeof import('@resvg/resvg-js');

/**
 * Checks, before any long run, that PNG pictures can be drawn here (the optional package
 * @resvg/resvg-js is installed).
 *
 * @example
 * ```ts
 * if (file.endsWith('.png')) await ensurePngRenderer();
 * ```
 * @throws {MissingOptionalError} (exit 2) when @resvg/resvg-js is not installed.
 */
export async function ensurePngRenderer(): Promise<void> {
  await loadOptional<ResvgModule>('@resvg/resvg-js', 'drawing PNG pictures');
}

/**
 * Renders an SVG to PNG bytes with resvg (a Rust renderer shipped as a prebuilt binary), loaded
 * only when a PNG is asked for. System fonts are loaded (DejaVu Sans on Debian) so labels render.
 *
 * @example
 * ```ts
 * writeFileSync('heatmap.png', await svgToPng(svg));
 * ```
 * @throws {MissingOptionalError} (exit 2) when @resvg/resvg-js is not installed.
 * @throws {Error} if the SVG is malformed (resvg's message).
 */
export async function svgToPng(svg: string, width = 1400): Promise<Uint8Array> {
  const { Resvg } = await loadOptional<ResvgModule>('@resvg/resvg-js', 'drawing PNG pictures');
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}
