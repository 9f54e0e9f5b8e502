export * from './auth.ts';
export * from './common.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './routes.ts';
