export * from './line-facts';
export * from './lookups';
export * from './registry';
