export * from './accounts.ts';
export * from './capture.ts';
export * from './check-result.ts';
export * from './content.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './runtime-config.ts';
export * from './scan.ts';
