export * from './days';
export * from './quotes';
export * from './transaction';
export * from './cash';
export * from './symbols';
export * from './performance-periods';
export * from './settings';
export * from './shares';
