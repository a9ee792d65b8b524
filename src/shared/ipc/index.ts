export * from './channel';
export * from './contract';
export * from './events';
export * from './app';
