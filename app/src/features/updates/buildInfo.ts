/**
 * The running build, defined at build time by scripts/build-manifest.ts (`vite dev` gets id
 * "dev", which is also the server's built-in build, so no update is ever reported in dev).
 */
declare const __AIVG_BUILD_ID__: string;
declare const __AIVG_BUILD_TIMESTAMP__: number;

export const BUILD_ID: string = typeof __AIVG_BUILD_ID__ === "string" ? __AIVG_BUILD_ID__ : "dev";
export const BUILD_TIMESTAMP: number = typeof __AIVG_BUILD_TIMESTAMP__ === "number" ? __AIVG_BUILD_TIMESTAMP__ : 0;
