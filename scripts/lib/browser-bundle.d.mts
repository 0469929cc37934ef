/** See browser-bundle.mjs. */
export declare const PENDING_NODE_STUBS: readonly string[];

export interface BrowserBundle {
  /** The bundled code. */
  code: string;
  /** Size of the code in bytes (minified unless `minify: false`). */
  bytes: number;
  /** Size of the code gzipped at zlib's default level. */
  gzipBytes: number;
  /** The PENDING_NODE_STUBS the bundle reached, each replaced by a module that throws when used. */
  stubbed: string[];
}

export declare function bundleForBrowser(options: { contents: string; resolveDir: string; minify?: boolean; loader?: 'js' | 'ts'; external?: string[] }): Promise<BrowserBundle>;
