import type { FastifyInstance } from 'fastify';
import {
  duplicateStoryfileContract,
  getStoryfilePackageJobContract,
  hasRoleInNamespace,
  MEDIA_ACCESS_TOKEN_PARAM,
  previewStoryfileImportContract,
  startStoryfileExportContract,
  startStoryfileImportContract,
} from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import { sendStoredBytes } from '../media/index.ts';
import { duplicateStoryfile } from './duplicate.service.ts';
import { startExport } from './export.service.ts';
import { previewImport, startImport } from './import.service.ts';
import { findDownload, getJob, PACKAGE_FILE, type PackageDeps } from './package-jobs.ts';

const LINK_INVALID_MESSAGE = 'This download link is invalid or has expired. Ask for a new one.';

/**
 * Storyfile packages (issue 31): export and import jobs, the import preview, duplicate, and the
 * package download. The download's URL carries a token of the media module's signer, bound to
 * the job, the file and the person it was signed for, and answers range requests like media
 * does. It also needs that person's session (issue 43): only the exporter, while they may still
 * edit the storyfile's organization (a suspension ends it), or a platform admin; and only while
 * the storyfile is not deleted and the token has not expired.
 */
export function registerPackageRoutes(app: FastifyInstance, deps: PackageDeps): void {
  registerContract(app, startStoryfileExportContract, (request) =>
    startExport(deps, request.currentUser, request.params.id),
  );
  registerContract(app, getStoryfilePackageJobContract, (request) =>
    getJob(deps, request.currentUser, request.params.jobId),
  );
  registerContract(app, previewStoryfileImportContract, (request) =>
    previewImport(deps, request.currentUser, request.body),
  );
  registerContract(app, startStoryfileImportContract, (request) =>
    startImport(deps, request.currentUser, request.body),
  );
  registerContract(app, duplicateStoryfileContract, (request) =>
    duplicateStoryfile(deps, request.currentUser, request.params.id, request.body),
  );

  app.get<{ Params: { jobId: string; file: string }; Querystring: Record<string, string> }>(
    '/packages/:jobId/:file',
    { config: { permission: { kind: 'loggedIn' } }, schema: { hide: true } },
    async (request, reply) => {
      const { jobId, file } = request.params;
      const user = request.currentUser!;
      const check = deps.signer.checkToken(request.query[MEDIA_ACCESS_TOKEN_PARAM], {
        assetId: jobId,
        file,
      });
      const found = check.ok && file === PACKAGE_FILE ? await findDownload(deps.db, jobId) : null;
      const isExportersOwn =
        check.ok &&
        found !== null &&
        check.grant.userId === user.iam &&
        found.userId === user.iam &&
        hasRoleInNamespace(user, found.namespaceId, 'edit:ns');
      if (!check.ok || file !== PACKAGE_FILE || (found && !user.isAdmin && !isExportersOwn)) {
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send({ statusCode: 403, error: 'FORBIDDEN', message: LINK_INVALID_MESSAGE });
      }
      const stored = found ? await deps.mediaStore.stat(found.key) : null;
      if (!found || !stored) {
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'NOT_FOUND', message: 'Not found.' });
      }
      const size = stored.sizeBytes;
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${jobId}-${size}"`)
        .header('last-modified', found.updatedAt.toUTCString())
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${found.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
        )
        .type('application/zip');
      return sendStoredBytes(reply, request.headers.range, size, (range) =>
        deps.mediaStore.read(found.key, range),
      );
    },
  );
}
