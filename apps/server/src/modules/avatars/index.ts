// The avatars module's public entry: what other modules and the assembly may use.
export { storeAvatarFromUpload } from './avatars.service.ts';
