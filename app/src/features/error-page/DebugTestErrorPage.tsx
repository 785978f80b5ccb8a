/** /debug/test-error (docs/behaviour/languages-and-routes.md#error-page): a page whose only job is to raise an error, to try the error page. */
export default function DebugTestErrorPage(): never {
  throw new Error("Test error raised by /debug/test-error");
}
