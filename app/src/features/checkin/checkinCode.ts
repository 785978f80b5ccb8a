/**
 * The activity code of the server's daily check-in
 * (docs/behaviour/credits-and-checkin.md#daily-check-in `code`). Its own file so the shell's
 * check-in host can name it without loading the panel's state machine, which lives in the
 * `@aivg/core/later` module the panel's chunk loads.
 */
import { checkinConstants } from "@aivg/core/rules";

export const CHECKIN_CODE = checkinConstants().activityCode;
