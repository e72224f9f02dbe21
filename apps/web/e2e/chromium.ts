/** Debian's Chromium, where installed (CHROME_PATH first). Imports nothing of vitest: global-setup.ts reads it too. */
import fs from 'node:fs';

export function chromiumPath(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
}
