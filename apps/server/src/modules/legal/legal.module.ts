import { defineModule } from '../module';
import { legalRoutes } from './legal.routes';
import { createLegalService, type LegalService } from './legal.service';

declare module '../module' {
  interface ModuleServices {
    legal: LegalService;
  }
}

/** The terms, privacy notice and other legal documents creators read and accept, as versions. */
export const legalModule = defineModule({
  name: 'legal',
  needs: ['audit', 'territories'],
  async build({ db, clock, storage }, { audit, territories }) {
    const service = createLegalService({ db, clock, storage, audit, territoriesService: territories });
    await service.ensurePlaceholderFiles();
    return { service, routes: legalRoutes(service) };
  },
});
