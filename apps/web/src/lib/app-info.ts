export const APP_NAME = 'Campaign Platform';
