export interface BrowserBundle {
  /** Every output file by name (`entry.js` and its chunks), as text. */
  files: Record<string, string>;
  /** Names of the eagerly loaded files: `entry.js` and the chunks it imports statically. */
  eager: string[];
  /** The eagerly loaded files (the entry and what it imports statically), concatenated. */
  code: string;
  /** Size of the eagerly loaded files in bytes (minified unless `minify: false`). */
  bytes: number;
  /** Size of the eagerly loaded files gzipped at zlib's default level (pako), file by file, summed. */
  gzipBytes: number;
  /** Gzip size of the files only a dynamic import() loads (the pattern guard and re2js). */
  lazyGzipBytes: number;
  /** The files only a dynamic import() loads, one by one: minified bytes, gzip bytes, and the source files bundled into each. */
  lazy: { name: string; bytes: number; gzipBytes: number; inputs: string[] }[];
}

export declare function bundleForBrowser(options: {
  contents: string;
  resolveDir: string;
  minify?: boolean;
  loader?: 'js' | 'ts';
  external?: string[];
  plugins?: import('esbuild').Plugin[];
}): Promise<BrowserBundle>;

/** Bytes of `bytes` gzipped at level 6 with pako: the same figure on every machine. */
export declare function gzipSize(bytes: Uint8Array): number;
