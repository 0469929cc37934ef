/** Where the asset goes, relative to the package root. */
export declare const PURL_BOX_ASSET: string;
/** Writes dist/assets/purl-box.js under `root` (default: this package) and returns its size in bytes. */
export declare function bundleDocsAssets(root?: string): Promise<number>;
