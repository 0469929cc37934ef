/**
 * Keys of the engine's members that teapurl's own modules use and its users do not: symbols no
 * public entry exports, so the members stay out of the public API without a back door through
 * module-level state.
 */

/** The engine's build that also returns the normalised components (see `PackageURL`). */
export const NORMALISED_BUILD: unique symbol = Symbol('teapurl: PurlEngine normalised build');
