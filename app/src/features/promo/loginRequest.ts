/**
 * How the shell asks for the login dialog before the account feature exists
 * (docs/behaviour/accounts-and-sessions.md#log-in owns the dialog). The account feature registers
 * its opener with `setLoginHandler`; a request made before that is kept and delivered on
 * registration, so an early campaign visit is not lost.
 */
let handler: ((mode: "login" | "register") => void) | null = null;
let pending: "login" | "register" | null = null;

/** Opens the login dialog (or remembers the wish until a handler is registered). */
export function requestLogin(mode: "login" | "register" = "login"): void {
  if (handler) handler(mode);
  else pending = mode;
}

/** Registers the login dialog's opener; answers a function that unregisters it. */
export function setLoginHandler(open: (mode: "login" | "register") => void): () => void {
  handler = open;
  if (pending) {
    const mode = pending;
    pending = null;
    open(mode);
  }
  return () => {
    if (handler === open) handler = null;
  };
}

/** Whether a request waits for a handler (for tests and diagnostics). */
export function loginRequestPending(): boolean {
  return pending !== null;
}
