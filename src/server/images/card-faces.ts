import { backSvg, cardSvg } from './card-svg.ts';

const codes: string[] = [];
for (const s of 'SDCH') for (const v of 'A234567890JQK') codes.push(v + s);
codes.push('X1', 'X2');

/**
 * The names of the service's 55 SVG faces (`AS` … `KH`, `X1`, `X2`, `back`): one file each in the
 * build (dist-web/img/, tools/build-web.ts) and one key each in /static/img/.
 */
export const FACE_NAMES: readonly string[] = Object.freeze([...codes, 'back']);

/**
 * The SVG text of one face: a Deck of Cards code or `back`. The build writes exactly this text,
 * and the service serves the built file only while it still is exactly this text.
 *
 * @example
 * ```ts
 * faceSvg('back') === backSvg(); // true
 * ```
 * @throws {RangeError} for a name that is not one of {@link FACE_NAMES}.
 */
export function faceSvg(name: string): string {
  return name === 'back' ? backSvg() : cardSvg(name);
}

/** The faces' folder inside the built page's folder: dist-web/img/. */
export const FACES_FOLDER = 'img';
