// Media: ffmpeg, where uploads and processed media are stored (file or S3), upload limits and
// lifetimes, and signed media URLs.
import { z } from 'zod';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@conversa/contracts';
import { optionalString, optionalUrl } from './env-fields.ts';

/** Variables of this area, composed into the one schema of `env.ts`; a comment per variable. */
export const mediaEnvShape = {
  /** ffmpeg binary; unset = `ffmpeg` on PATH, else the one shipped in @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: optionalString,
  /** ffprobe binary; unset = beside ffmpeg, else on PATH, else ffmpeg's own report is parsed. */
  FFPROBE_PATH: optionalString,
  /** Where uploads and processed media live: `file` (under DATA_DIR) or `s3` (S3-compatible). */
  MEDIA_STORE: z.enum(['file', 's3']).default('file'),
  /** Bucket of the s3 store (required with MEDIA_STORE=s3). */
  S3_BUCKET: optionalString,
  /** Region of the s3 store. */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Endpoint of an S3-compatible service (MinIO, R2, ...); unset = AWS. */
  S3_ENDPOINT: optionalUrl,
  /** Credentials of the s3 store; unset = the AWS SDK's default chain (environment, profile, role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style bucket addressing, which most S3-compatible services need. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Largest upload in bytes (videos; avatars are capped at the spec's 10,000,000,000 too). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(DEFAULT_UPLOAD_MAX_BYTES)
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  /** Hours an unfinished upload is kept before it expires (tus expiration extension). */
  UPLOAD_EXPIRATION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /**
   * Hours an exported storyfile package, and a package upload nobody imported, are kept before
   * the hourly maintenance deletes them.
   */
  PACKAGE_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** Lifetime of signed media URLs (the `access_token` of video, poster and audio URLs). */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(3600),
};
