import { loadPeer } from '../../audit/index.ts';
import { ApiError } from '../deck/api-error.ts';
import { backSvg, cardSvg } from './card-svg.ts';

/** An image answer: bytes and their media type. */
export interface Image {
  readonly body: string | Uint8Array;
  readonly type: 'image/svg+xml' | 'image/png';
}

const CODES = new Set<string>();
for (const s of 'SDCH') for (const v of 'A234567890JQK') CODES.add(v + s);
CODES.add('X1');
CODES.add('X2');

/** SVG text to PNG bytes. */
export type Renderer = (svg: string) => Uint8Array;
let renderer: Promise<Renderer | null> | undefined;

// @resvg/resvg-js is loaded on first PNG request, once; when it cannot be loaded (MISSING_PEER)
// PNGs answer 501 and SVG works.
function loadRenderer(): Promise<Renderer | null> {
  renderer ??= loadPeer('@resvg/resvg-js', 'PNG card images', () => import('@resvg/resvg-js')).then(
    ({ Resvg }) =>
      (svg: string) =>
        new Resvg(svg, {
          fitTo: { mode: 'width', value: 240 },
          font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
        })
          .render()
          .asPng(),
    // loadPeer rejects only with MISSING_PEER.
    () => null,
  );
  return renderer;
}

const svgs = new Map<string, string>();
const pngs = new Map<string, Uint8Array>();

/**
 * The image file `name` of /static/img/: `6H.png`, `aceDiamonds.svg` (AD, as the reference
 * names it; `AD.svg` works too), `X1.png`, `back.svg`. Each face is made once and kept.
 *
 * @example
 * ```ts
 * (await cardImage('aceDiamonds.svg'))?.type; // 'image/svg+xml'
 * ```
 * @throws {ApiError} 501 `PNG_UNAVAILABLE` when @resvg/resvg-js cannot be loaded (`load`
 *   resolves to null; tests pass their own `load`).
 * @returns undefined for a name that is not a card image.
 */
export async function cardImage(
  name: string,
  load: () => Promise<Renderer | null> = loadRenderer,
): Promise<Image | undefined> {
  const m = /^([A-Za-z0-9]{2}|aceDiamonds|back)\.(svg|png)$/.exec(name);
  if (m === null) return undefined;
  const key = m[1] === 'aceDiamonds' ? 'AD' : m[1] === 'back' ? 'back' : m[1]!.toUpperCase();
  if (key !== 'back' && !CODES.has(key)) return undefined;
  let svg = svgs.get(key);
  if (svg === undefined) {
    svg = key === 'back' ? backSvg() : cardSvg(key);
    svgs.set(key, svg);
  }
  if (m[2] === 'svg') return { body: svg, type: 'image/svg+xml' };
  let png = pngs.get(key);
  if (png === undefined) {
    const render = await load();
    if (render === null) {
      throw new ApiError(
        501,
        'PNG_UNAVAILABLE',
        'PNG images need the optional package @resvg/resvg-js; the SVG images work without it.',
      );
    }
    png = render(svg);
    pngs.set(key, png);
  }
  return { body: png, type: 'image/png' };
}
