import { join } from 'node:path';
import { loadPeer } from '../../audit/index.ts';
import { ApiError } from '../deck/api-error.ts';
import { type Precompressed, precompressed, readPrecompressed } from '../precompressed.ts';
import { FACE_NAMES, faceSvg } from './card-faces.ts';

/** An image answer: its bytes (with the build's compressed forms, for SVG) and media type. */
export interface Image {
  readonly file: Precompressed;
  readonly type: 'image/svg+xml' | 'image/png';
}

/** Where {@link cardImage} finds the built faces, and how it renders PNGs. */
export interface CardImageOptions {
  /**
   * The built faces' folder (dist-web/img/, written by `npm run build:web` with their brotli and
   * gzip forms). Without it, or for a face the folder lacks, the face is drawn here and sent
   * uncompressed.
   */
  readonly dir?: string | undefined;
  /** The PNG renderer (default: @resvg/resvg-js, loaded on first use; tests pass their own). */
  readonly load?: () => Promise<Renderer | null>;
}

const NAMES = new Set(FACE_NAMES);

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

/** The faces served, per folder ('' for none), made or read once each. */
const svgs = new Map<string, Map<string, Precompressed>>();
const pngs = new Map<string, Precompressed>();
const encoder = new TextEncoder();

// A built face is served only while it is exactly what card-svg.ts draws now: a build older than
// the code must not bring back an old face. Its compressed forms come with it; a face drawn here
// goes uncompressed (the service compresses nothing: tools/build-web.ts does, once).
function svgFace(key: string, dir: string | undefined): Precompressed {
  let faces = svgs.get(dir ?? '');
  if (faces === undefined) {
    faces = new Map();
    svgs.set(dir ?? '', faces);
  }
  let face = faces.get(key);
  if (face === undefined) {
    const drawn = encoder.encode(faceSvg(key));
    const built = dir === undefined ? undefined : readPrecompressed(join(dir, `${key}.svg`));
    face =
      built !== undefined && Buffer.from(built.body).equals(drawn) ? built : precompressed(drawn);
    faces.set(key, face);
  }
  return face;
}

/**
 * The image file `name` of /static/img/: `6H.png`, `aceDiamonds.svg` (AD, as the reference
 * names it; `AD.svg` works too), `X1.png`, `back.svg`. Each face is read (or drawn) once and kept.
 *
 * @example
 * ```ts
 * (await cardImage('aceDiamonds.svg', { dir: 'dist-web/img' }))?.file.encoded.br; // built bytes
 * ```
 * @throws {ApiError} 501 `PNG_UNAVAILABLE` when @resvg/resvg-js cannot be loaded (`load`
 *   resolves to null; tests pass their own `load`).
 * @returns undefined for a name that is not a card image.
 */
export async function cardImage(
  name: string,
  options: CardImageOptions = {},
): Promise<Image | undefined> {
  const m = /^([A-Za-z0-9]{2}|aceDiamonds|back)\.(svg|png)$/.exec(name);
  if (m === null) return undefined;
  const key = m[1] === 'aceDiamonds' ? 'AD' : m[1] === 'back' ? 'back' : m[1]!.toUpperCase();
  if (!NAMES.has(key)) return undefined;
  if (m[2] === 'svg') return { file: svgFace(key, options.dir), type: 'image/svg+xml' };
  let png = pngs.get(key);
  if (png === undefined) {
    const render = await (options.load ?? loadRenderer)();
    if (render === null) {
      throw new ApiError(
        501,
        'PNG_UNAVAILABLE',
        'PNG images need the optional package @resvg/resvg-js; the SVG images work without it.',
      );
    }
    // PNG is compressed already (deflate inside the format): sent as it is.
    png = precompressed(new Uint8Array(render(faceSvg(key))));
    pngs.set(key, png);
  }
  return { file: png, type: 'image/png' };
}
