/** Size of one browser bundle: minified bytes, gzipped bytes, and the source modules in it (from its source map). */
export interface BundleSize {
  readonly bytes: number;
  readonly gzip: number;
  readonly sources: readonly string[];
}
export type BundleName = 'core' | 'oauth' | 'full' | 'official';
/** The goal of the core bundle: at most this many bytes gzipped (35 KB). */
export declare const CORE_BUNDLE_GOAL: number;
export declare const BUNDLES: Readonly<Record<BundleName, { readonly what: string; readonly code: string }>>;
export declare function measureBundles(names?: readonly BundleName[]): Promise<Record<BundleName, BundleSize>>;
export declare function formatSizes(sizes: Partial<Record<BundleName, BundleSize>>, goals?: Partial<Record<BundleName, number>>): string[];
/** The area of a bundled module: `src/<folder>` for rxmcp's own, the package name for a dependency. */
export declare function areaOf(path: string): string;
/** One area of the core bundle: minified bytes, their share of the gzipped size, and (a dependency) what leaving it out saves. */
export interface BundleArea {
  readonly area: string;
  readonly bytes: number;
  readonly share: number;
  readonly gzipSaved: number | undefined;
  readonly error: string | undefined;
}
export declare function measureAreas(): Promise<{ readonly bytes: number; readonly gzip: number; readonly rows: readonly BundleArea[] }>;
export declare function formatAreas(areas: { readonly bytes: number; readonly gzip: number; readonly rows: readonly BundleArea[] }): string[];
