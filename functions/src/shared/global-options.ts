// Applies the global options. Imported first by index.ts: ES module imports are evaluated before the
// importing module's body, and the global options are read when each HTTP function (httpsFunction) or trigger is
// called — so setGlobalOptions must run in a module evaluated before the functions' modules.
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { GLOBAL_OPTIONS } from './config';

setGlobalOptions(GLOBAL_OPTIONS);
