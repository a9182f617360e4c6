import { defineModule } from '../module';
import { filesRoutes } from './files.routes';
import { createFilesService, type FilesService } from './files.service';

declare module '../module' {
  interface ModuleServices {
    files: FilesService;
  }
}

/**
 * Reading and writing stored files through the platform's signed, expiring URLs: every file on local
 * disk, and the uploads to S3 that S3's own presigned URLs cannot bind (ADR 016).
 */
export const filesModule = defineModule({
  name: 'files',
  needs: [],
  build({ storage, signer }) {
    const service = createFilesService({ storage, signer });
    return { service, routes: filesRoutes(service) };
  },
});
