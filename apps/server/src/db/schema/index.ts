export * from './accounts';
export * from './outbox';
export * from './platform';
