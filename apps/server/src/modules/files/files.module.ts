import type { FileStorage } from '../../adapters/storage/file-storage';
import type { UrlSigner } from '../../adapters/storage/signed-urls';
import type { PlatformModule } from '../module';
import { filesRoutes } from './files.routes';
import { createFilesService, type FilesService } from './files.service';

/**
 * Reading and writing stored files through the platform's signed, expiring URLs: every file on local
 * disk, and the uploads to S3 that S3's own presigned URLs cannot bind (ADR 016).
 */
export function filesModule(dependencies: {
  storage: FileStorage;
  signer: UrlSigner;
}): PlatformModule<FilesService> {
  const service = createFilesService(dependencies);
  return { name: 'files', service, routes: filesRoutes(service) };
}
