import type { PackageUploadOptions } from './utils/package-upload';

export type { PackageUploadOptions } from './utils/package-upload';

/**
 * The storyfile list's entry into uploads: the upload of a storyfile package to import. The
 * list's route imports this instead of the feature's index, and the tus code loads with the first
 * package, not with the list.
 */
export async function uploadPackageFile(
  file: File,
  options: PackageUploadOptions,
): Promise<string> {
  const { uploadPackageFile: upload } = await import('./utils/package-upload');
  return upload(file, options);
}
