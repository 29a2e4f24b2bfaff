// Written by scripts/build.mjs from package.json: edit the version there, then build.

/** The version of this package. */
export const VERSION = "0.1.0";
