// The package as tests import it: the Node build's main entry (every part; plain import, no init).
export * from "../pkg/nodejs/index.js";
