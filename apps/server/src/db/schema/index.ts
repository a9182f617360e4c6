export * from './accounts';
export * from './audit';
export * from './lookups';
export * from './outbox';
export * from './platform';
export * from './staff';
export * from './teams';
export * from './territories';
