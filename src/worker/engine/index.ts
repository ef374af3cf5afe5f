/** The portfolio engine's public face: the engine class and the types it hands out. */
export type * from './types';
export { PortfolioEngine, type EngineOptions } from './portfolio-engine';
