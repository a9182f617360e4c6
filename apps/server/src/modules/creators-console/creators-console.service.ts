import { bindUseCases } from '../use-cases';
import { coverageOf } from './creator-views';
import type { CreatorsConsoleContext, CreatorsConsoleDependencies } from './creators-console.context';
import { creatorsConsoleRepository as repository } from './creators-console.repository';
import { addCreatorNote } from './use-cases/add-creator-note';
import { editCreatorDetails } from './use-cases/edit-creator-details';
import { endCreatorSessions } from './use-cases/end-creator-sessions';
import { getCreatorDetail } from './use-cases/get-creator-detail';
import { listCreators } from './use-cases/list-creators';
import { remindCreator } from './use-cases/remind-creator';
import { resendCreatorVerification } from './use-cases/resend-creator-verification';
import { verifyCreatorTax } from './use-cases/verify-creator-tax';

export { invalidDetails } from './creator-details';
export type { CreatorsConsoleDependencies, CreatorsConsoleSources } from './creators-console.context';

export type CreatorsConsoleService = ReturnType<typeof createCreatorsConsoleService>;

/** Which of `ids` some creator is placed in (the lookups' check before deleting a cluster). */
const audienceClustersInUse = (context: CreatorsConsoleContext, ids: readonly string[]) =>
  repository.audienceClustersInUse(context.db, ids);

/** The console's view of creators (issue 13): staff find them, read them and act on them by grant. */
export function createCreatorsConsoleService(dependencies: CreatorsConsoleDependencies) {
  const context: CreatorsConsoleContext = dependencies;
  return bindUseCases(context, {
    coverageOf,
    audienceClustersInUse,
    list: listCreators,
    detail: getCreatorDetail,
    addNote: addCreatorNote,
    endSessions: endCreatorSessions,
    resendVerification: resendCreatorVerification,
    remind: remindCreator,
    editDetails: editCreatorDetails,
    verifyTax: verifyCreatorTax,
  });
}
