import { loadPeer } from '../../audit/index.ts';

/**
 * Checks, before any long run, that PNG pictures can be drawn here: the optional package
 * @resvg/resvg-js, which fairdeal/audit's `renderPng` draws them with, loads.
 *
 * @example
 * ```ts
 * if (/\.png$/i.test(file)) await ensurePngRenderer();
 * ```
 * @throws {FairdealError} `MISSING_PEER` (exit 2) when @resvg/resvg-js cannot be loaded.
 */
export async function ensurePngRenderer(): Promise<void> {
  await loadPeer('@resvg/resvg-js', 'drawing PNG pictures', () => import('@resvg/resvg-js'));
}
