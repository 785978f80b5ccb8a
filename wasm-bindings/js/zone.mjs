// Time-zone offsets from the JavaScript platform's Intl (see src/zone.rs): the browser and Node
// carry the IANA database already, so the package does not ship a copy of its own.

const formats = new Map();
// IANA names: letters first, then letters, digits, "_", "+", "-" in "/"-separated parts
// ("America/Los_Angeles", "Etc/GMT+12", "EST5EDT"). Intl would also take offsets like
// "+09:00", which are not zone names.
const NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** An Intl.DateTimeFormat for the zone `name` (spaces around it ignored), or null when unknown. */
export function zoneFormat(name) {
	const trimmed = name.trim();
	const known = formats.get(trimmed);
	if (known !== undefined) return known;
	let format = null;
	if (NAME.test(trimmed)) {
		try {
			const f = new Intl.DateTimeFormat('en-US', {
				timeZone: trimmed,
				hourCycle: 'h23',
				era: 'short',
				year: 'numeric',
				month: 'numeric',
				day: 'numeric',
				hour: 'numeric',
				minute: 'numeric',
				second: 'numeric'
			});
			const resolved = f.resolvedOptions().timeZone;
			// Intl matches names case-insensitively, IANA names are case-sensitive: "asia/tokyo"
			// is refused. A link may resolve to another name ("Asia/Calcutta" → "Asia/Kolkata").
			if (resolved === trimmed || resolved.toLowerCase() !== trimmed.toLowerCase()) format = f;
		} catch {
			format = null;
		}
	}
	if (formats.size < 256) formats.set(trimmed, format);
	return format;
}

/** The zone's offset from UTC in seconds at `ms` (epoch ms, whole), or NaN out of range. */
export function zoneOffsetSeconds(format, ms) {
	let parts;
	try {
		parts = format.formatToParts(ms);
	} catch {
		return NaN;
	}
	let year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, bc = false;
	for (const p of parts) {
		switch (p.type) {
			case 'year': year = Number(p.value); break;
			case 'month': month = Number(p.value); break;
			case 'day': day = Number(p.value); break;
			case 'hour': hour = Number(p.value); break;
			case 'minute': minute = Number(p.value); break;
			case 'second': second = Number(p.value); break;
			case 'era': bc = p.value === 'BC' || p.value === 'B'; break;
		}
	}
	if (bc) year = 1 - year;
	const wall = new Date(0);
	wall.setUTCFullYear(year, month - 1, day);
	wall.setUTCHours(hour, minute, second, 0);
	return (wall.getTime() - Math.floor(ms / 1000) * 1000) / 1000;
}
