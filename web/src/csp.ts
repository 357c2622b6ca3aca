// Runs before any schema exists (main.tsx imports it first). Zod compiles object parsers with `new Function`
// unless jitless; the console's Content-Security-Policy forbids eval, and even Zod's caught probe for it is
// reported as a violation. Interpreted parsing is all the console needs.
import { z } from 'zod';

z.config({ jitless: true });
