export * from './constants.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './routes.ts';
export * from './rules/geo.ts';
export * from './rules/phone.ts';
export * from './schemas/auth.ts';
