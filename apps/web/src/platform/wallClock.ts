// No imports: the kiosk page uses it without loading dayjs.
/**
 * How far the company's wall clock is from this device's clock (ms), from a server `ora` (a wire
 * date-time in the company zone, read as if UTC); null when absent or invalid. `Date.now() + offset`,
 * shown in UTC, is the time a punch is recorded at, whatever the device's zone or clock.
 */
export function wallClockOffset(ora: string | null | undefined): number | null {
  const server = ora ? Date.parse(`${ora}Z`) : NaN;
  return Number.isFinite(server) ? server - Date.now() : null;
}
