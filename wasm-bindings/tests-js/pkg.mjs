// The package as tests import it: the Node build (plain import, no init).
export * from "../pkg/nodejs/aivg_core.js";
