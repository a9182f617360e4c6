export * from './errors';
export * from './error-codes';
export * from './auth-codes';
export * from './auth';
export * from './profile';
export * from './health';
export * from './lists';
