import type { FileStorage } from '../../adapters/storage/file-storage';
import type { UrlSigner } from '../../adapters/storage/signed-urls';
import type { PlatformModule } from '../module';
import { filesRoutes } from './files.routes';
import { createFilesService, type FilesService } from './files.service';

/** Reading and writing stored files through signed, expiring URLs (the local-disk storage's own route). */
export function filesModule(dependencies: {
  storage: FileStorage;
  signer: UrlSigner;
}): PlatformModule<FilesService> {
  const service = createFilesService(dependencies);
  return { name: 'files', service, routes: filesRoutes(service) };
}
