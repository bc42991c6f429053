export * from './errors.ts';
export * from './health.ts';
export * from './runtime-config.ts';
