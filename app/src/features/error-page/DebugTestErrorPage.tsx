/** /debug/test-error (spec 01 §2): a page whose only job is to raise an error, to try the error page. */
export default function DebugTestErrorPage(): never {
  throw new Error("Test error raised by /debug/test-error");
}
