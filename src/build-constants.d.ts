/** Constants the build writes into the console's code (vite.config.ts `define`). */
interface ImportMetaEnv {
  /** The brand in each language, from the sign-in catalogues. */
  readonly EDP_BRANDS: Record<import('../model/schemas/languages').Language, string>;
}
