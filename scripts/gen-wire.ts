// npm run gen:wire: writes packages/contract/src/wire.ts from the contract's operations (test/support/wire.ts)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wireSource } from '../test/support/wire';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/contract/src/wire.ts');
fs.writeFileSync(out, wireSource());
console.log(`written ${path.relative(process.cwd(), out)}`);
