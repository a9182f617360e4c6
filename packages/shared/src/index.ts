export * from './contracts/index';
export * from './vocabulary/auth';
export * from './vocabulary/creator';
export * from './vocabulary/roles';
export * from './rules/constants';
export * from './rules/messages';
export * from './rules/email';
export * from './rules/password';
