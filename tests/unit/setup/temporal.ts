/** Node 20 has no Temporal: the engine under test gets the polyfill the worker loads where a browser has none. */
import { temporalReady } from '../../../src/worker/temporal-ready';

await temporalReady();
