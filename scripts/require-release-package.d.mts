/** Ends the process with a message when wasm-bindings/pkg is a fast build. */
export function requireReleasePackage(): void;
