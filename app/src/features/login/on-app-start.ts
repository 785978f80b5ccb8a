/**
 * Registers the login dialog as the shell's login opener (features/promo/loginRequest.ts), so the
 * promotion and any other shell code can ask for login; a request made earlier is delivered now.
 */
import { setLoginHandler } from "../promo/loginRequest";
import { openLoginDialog } from "./loginState";

export function onAppStart(): void {
  setLoginHandler((mode) => openLoginDialog(mode));
}
