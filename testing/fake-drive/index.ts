export { FakeDrive, type FakeDriveOptions } from './server.ts';
export { loadTree, type LoadOptions } from './load.ts';
export { FOLDER_MIME, OPERATIONS, type FakeFile, type Operation } from './model.ts';
export { QUOTA_MESSAGE, type FaultKind } from './faults.ts';
export type { ServiceAccountKey } from './auth.ts';
export type { FakeDriveState } from './state.ts';
