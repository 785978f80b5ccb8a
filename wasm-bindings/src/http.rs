//! The HTTP client (gloo-net): typed async functions for every call of spec 01 §7 and spec 02 §7.
