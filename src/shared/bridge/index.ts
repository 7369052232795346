export * from './api';
export * from './channels';
export * from './envelope';
export * from './names';
