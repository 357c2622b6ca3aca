export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './route.js';
export * from './auth.js';
export * from './users.js';
export * from './health.js';
export * from './routes.js';
